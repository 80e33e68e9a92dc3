// Organisations: companies and schools whose members learn together: their console, their courses, and how a
// learner joins one (invite code, partner sign-in, e-mail domain).
export { joinByEmailDomain, joinByInviteCode, joinBySsoProvider, organizationOf } from './membership.repo.js';
export { orgsRoutes } from './orgs.routes.js';
export { OrgsService } from './orgs.service.js';
export { managedOrganizationsRoutes, managerGate, orgConsoleRoutes } from './org-console.routes.js';
export { OrgConsoleService } from './org-console.service.js';
