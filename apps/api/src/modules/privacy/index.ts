// Privacy (PDPA): the terms and privacy notice in versions and their acceptance, consent history, a learner's
// data export, closing an account (erasure after a cool-off), the data-request queue, and retention jobs.
// docs/privacy.md says what each table keeps, erases or anonymises, and why.
export { accountRecords } from './account-records.js';
export { changeMarketing } from './consents.repo.js';
export { ConsentsService } from './consents.service.js';
export { termsAdminRoutes } from './terms-admin.routes.js';
export { TermsAdminService } from './terms-admin.service.js';
export { termsRoutes } from './terms.routes.js';
export { acceptCurrentDocuments, TermsService } from './terms.service.js';
export { userColumns } from './export-columns.js';
export type { ExportDocuments } from './export-files.js';
export { exportKinds } from './export-kinds.js';
export { dataExportRoutes } from './export.routes.js';
export { DataExportService } from './export.service.js';
export { closureRoutes } from './closure.routes.js';
export { ClosureService } from './closure.service.js';
export { ERASURE_JOB, ErasureService } from './erasure.service.js';
export { requestsAdminRoutes, requestsRoutes } from './requests.routes.js';
export { RequestsService } from './requests.service.js';
export { RETENTION_JOB, RetentionService } from './retention.service.js';
