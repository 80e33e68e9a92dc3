import { auditFacets, auditPage, auditQuery } from '../admin.js';
import { endpointTable } from '../endpoint.js';

export const auditEndpoints = endpointTable({
  'GET /api/admin/audit': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'The audit log of admin writes, one page (by person, kind, row and Bangkok days)',
    query: auditQuery,
    answers: { 200: auditPage },
  },
  'GET /api/admin/audit/facets': {
    audience: 'admin',
    tags: ['admin'],
    summary: "What the audit log's filters offer: the people who made writes and the kinds written",
    answers: { 200: auditFacets },
  },
});
