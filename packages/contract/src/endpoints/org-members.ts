import { z } from 'zod';
import { idParams } from '../common.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';
import { orgParams } from '../org.js';
import {
  acceptOrgInviteBody,
  acceptedOrgInvite,
  orgInvite,
  orgInviteBody,
  orgInviteParams,
  orgInvitePage,
  orgInviteQuery,
  orgInviteResults,
} from '../org-invites.js';
import {
  addManagerBody,
  orgCompletions,
  orgManagers,
  orgMemberPage,
  orgMemberParams,
  orgMemberQuery,
  orgReportQuery,
  orgSettings,
  orgSettingsBody,
  organizationManagerParams,
} from '../org-members.js';

// The organisation console's members, managers, invitations, settings and report (modules/organisations,
// org-members*.ts, org-invites*.ts, org-report*.ts), spread into endpoints/org.ts; the administrator's rows for
// an organisation's managers; and the invitee's acceptance.
const tags = ['organisation console'];
const errors = { 400: apiError, 404: apiError, 409: apiError, 429: apiError };

export const orgMemberEndpoints = endpointTable({
  'GET /api/org/:orgId/members': {
    audience: 'manager',
    tags,
    summary:
      'Members with their learning: assigned courses, tests passed, certificates (searched, filtered, sorted)',
    params: orgParams,
    query: orgMemberQuery,
    answers: { 200: orgMemberPage, ...errors },
  },
  'DELETE /api/org/:orgId/members/:userId': {
    audience: 'manager',
    tags,
    summary: 'Take a member out of the organisation (their course assignments and groups go with it)',
    params: orgMemberParams,
    answers: { 204: z.null(), ...errors },
  },
  'GET /api/org/:orgId/managers': {
    audience: 'manager',
    tags,
    summary: "The organisation's managers",
    params: orgParams,
    answers: { 200: orgManagers, ...errors },
  },
  'DELETE /api/org/:orgId/managers/:userId': {
    audience: 'manager',
    tags,
    summary: 'Remove a manager (409 LAST_MANAGER for the last one)',
    params: orgMemberParams,
    answers: { 204: z.null(), ...errors },
  },
  'GET /api/org/:orgId/settings': {
    audience: 'manager',
    tags,
    summary: 'The e-mail domains and partner sign-in by which learners join',
    params: orgParams,
    answers: { 200: orgSettings, ...errors },
  },
  'PUT /api/org/:orgId/settings': {
    audience: 'manager',
    tags,
    summary: 'Set the e-mail domains and partner sign-in (409 VALUE_TAKEN when another organisation has one)',
    params: orgParams,
    body: orgSettingsBody,
    answers: { 200: orgSettings, ...errors },
  },
  'GET /api/org/:orgId/completions': {
    audience: 'manager',
    tags,
    summary: 'Completions of assigned courses per month, the last 12 months',
    params: orgParams,
    answers: { 200: orgCompletions, ...errors },
  },
  'GET /api/org/:orgId/report.csv': {
    audience: 'manager',
    tags,
    summary: 'The members report as CSV (UTF-8, Thai headers)',
    params: orgParams,
    query: orgReportQuery,
    answers: { 200: z.any().describe('text/csv: the members report'), ...errors },
  },
  'GET /api/org/:orgId/report.xlsx': {
    audience: 'manager',
    tags,
    summary: 'The members report as an Excel workbook (Thai headers)',
    params: orgParams,
    query: orgReportQuery,
    answers: {
      200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      ...errors,
    },
  },
  'GET /api/org/:orgId/invites': {
    audience: 'manager',
    tags,
    summary: 'Invitations: open, accepted, expired, revoked',
    params: orgParams,
    query: orgInviteQuery,
    answers: { 200: orgInvitePage, ...errors },
  },
  'POST /api/org/:orgId/invites': {
    audience: 'manager',
    tags,
    summary: 'Invite addresses (a list or a CSV file’s text); the answer says what became of each line',
    params: orgParams,
    body: orgInviteBody,
    answers: { 200: orgInviteResults, ...errors },
  },
  'POST /api/org/:orgId/invites/:inviteId/resend': {
    audience: 'manager',
    tags,
    summary: 'Send an open invitation again with a new link (a few times at most)',
    params: orgInviteParams,
    answers: { 200: orgInvite, ...errors },
  },
  'POST /api/org/:orgId/invites/:inviteId/revoke': {
    audience: 'manager',
    tags,
    summary: 'Withdraw an open invitation (its link stops working)',
    params: orgInviteParams,
    answers: { 200: orgInvite, ...errors },
  },
  'POST /api/users/org-invites/accept': {
    audience: 'user',
    tags,
    summary:
      'Accept an invitation by its link’s token: join the organisation (out of any other) or become a manager',
    body: acceptOrgInviteBody,
    answers: { 200: acceptedOrgInvite, ...errors },
  },
  'GET /api/admin/organizations/:id/managers': {
    audience: 'admin',
    tags: ['admin'],
    summary: "An organisation's managers",
    params: idParams,
    answers: { 200: orgManagers },
  },
  'POST /api/admin/organizations/:id/managers': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'Make a user (by e-mail address) a manager of the organisation',
    params: idParams,
    body: addManagerBody,
    answers: { 200: orgManagers, ...errors },
  },
  'DELETE /api/admin/organizations/:id/managers/:userId': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'Remove a manager of the organisation',
    params: organizationManagerParams,
    answers: { 200: orgManagers, ...errors },
  },
});
