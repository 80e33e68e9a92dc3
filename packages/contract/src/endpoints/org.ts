import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';
import { managedOrganizations, orgOverview, orgParams } from '../org.js';

// The organisation manager's console (apps/api/src/modules/organisations, org-*.ts). Every row under
// /api/org/:orgId has audience `manager`: 401 anonymous, 403 for a user who manages no organisation, 404 for a
// manager of another organisation (the scope's gate in app.ts; apps/api/test/org-authz.test.ts walks them).
const tags = ['organisation console'];

export const orgEndpoints = endpointTable({
  'GET /api/users/managed-organizations': {
    audience: 'user',
    tags,
    summary: 'The organisations I manage (none for most learners)',
    answers: { 200: managedOrganizations },
  },
  'GET /api/org/:orgId': {
    audience: 'manager',
    tags,
    summary: 'The organisation I manage, with its headline figures',
    params: orgParams,
    answers: { 200: orgOverview, 404: apiError },
  },
});
