// Documents: a course's summary PDF (made once per version of the course) and the PDF tools others use.
export { documentsRoutes, inlineDisposition } from './documents.routes.js';
export { generateSummaries } from './documents.service.js';
export { fontBytes, measurer, PLATFORM_NAME } from './summary-pdf.js';
export { wrapText } from './wrap-text.js';
