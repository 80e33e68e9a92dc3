import { auditPage, auditQuery } from '../admin.js';
import { endpointTable } from '../endpoint.js';

export const auditEndpoints = endpointTable({
  'GET /api/admin/audit': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'The audit log of admin writes, one page',
    query: auditQuery,
    answers: { 200: auditPage },
  },
});
