// Audit: the record of every console change (who, what, before and after) and its list.
export { recordAudit, type AuditEntry } from './audit.repo.js';
export { auditedWrite, type AuditedChange } from './audited-write.js';
export { auditRoutes } from './audit.routes.js';
export { AuditService } from './audit.service.js';
