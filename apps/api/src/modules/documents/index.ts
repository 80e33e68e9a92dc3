// Documents: a course's summary PDF (attached by its author, or made once per version of the course) and the
// PDF tools others use.
export { CourseSummariesService } from './course-summaries.service.js';
export { documentsAdminRoutes } from './documents-admin.routes.js';
export { documentsRoutes, inlineDisposition } from './documents.routes.js';
export { generateSummaries } from './documents.service.js';
export { fontBytes, measurer, PLATFORM_NAME } from './summary-pdf.js';
export { thaiDocumentDate } from './thai-date.js';
export { wrapText } from './wrap-text.js';
