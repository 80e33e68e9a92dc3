// Organisations: companies and schools whose members learn together: their console, their courses, and how a
// learner joins one (invite code, partner sign-in, e-mail domain, invitation); the managers' own console (/org:
// members, invitations, groups, course assignments and their reminders, reports); the seats an organisation holds.
export { joinByEmailDomain, joinByInviteCode, joinBySsoProvider, organizationOf } from './membership.repo.js';
export { orgsRoutes } from './orgs.routes.js';
export { OrgsService } from './orgs.service.js';
export { managedOrganizationsRoutes, managerGate, orgConsoleRoutes } from './org-console.routes.js';
export { OrgConsoleService } from './org-console.service.js';
export { orgGroupsRoutes } from './org-groups.routes.js';
export { OrgGroupsService } from './org-groups.service.js';
export { orgAssignRoutes } from './org-assign.routes.js';
export { OrgAssignService } from './org-assign.service.js';
export { OrgAssignJobs } from './org-assign-jobs.js';
export { orgMembersRoutes, orgManagersAdminRoutes } from './org-members.routes.js';
export { OrgMembersService } from './org-members.service.js';
export { orgInvitesRoutes, orgInviteAcceptRoutes } from './org-invites.routes.js';
export { OrgInvitesService } from './org-invites.service.js';
export { orgReportRoutes } from './org-report.routes.js';
export { OrgReportService } from './org-report.service.js';
