// Certificates: issued once a course is completed, their PDF, public page and signed credential; course
// evaluations and their console.
export { certificateCode, nameOnCertificate } from './certificate-code.js';
export { certificatesRoutes } from './certificates.routes.js';
export { CertificatesService } from './certificates.service.js';
export { removeCertificateHolder } from './holder-removal.js';
export { evaluationsAdminRoutes } from './evaluations-admin.routes.js';
export { EvaluationsAdminService } from './evaluations-admin.service.js';
export { EvaluationsService } from './evaluations.service.js';
