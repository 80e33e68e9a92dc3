import { z } from 'zod';
import { endpointTable } from '../endpoint.js';
import {
  assignmentBody,
  assignmentResult,
  assignmentSummaryList,
  courseAssignments,
  orgAssignmentParams,
  orgCourseParams,
  orgGroup,
  orgGroupBody,
  orgGroupList,
  orgGroupMemberParams,
  orgGroupMembersBody,
  orgGroupParams,
  orgPersonList,
  orgPersonQuery,
} from '../org-assign.js';
import { apiError } from '../errors.js';
import { managedOrganizations, orgOverview, orgParams } from '../org.js';
import { orgMemberEndpoints } from './org-members.js';

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
  // -- groups and assignments (O2) --
  'GET /api/org/:orgId/people': {
    audience: 'manager',
    tags,
    summary: "The organisation's members by name or e-mail (at most 20), for the console's pickers",
    params: orgParams,
    query: orgPersonQuery,
    answers: { 200: orgPersonList, 404: apiError },
  },
  'GET /api/org/:orgId/groups': {
    audience: 'manager',
    tags,
    summary: 'Groups of members, by name',
    params: orgParams,
    answers: { 200: orgGroupList, 404: apiError },
  },
  'POST /api/org/:orgId/groups': {
    audience: 'manager',
    tags,
    summary: 'Create a group (names are unique in the organisation, whatever the case)',
    params: orgParams,
    body: orgGroupBody,
    answers: { 201: orgGroup, 400: apiError, 404: apiError, 409: apiError },
  },
  'PATCH /api/org/:orgId/groups/:groupId': {
    audience: 'manager',
    tags,
    summary: 'Rename a group',
    params: orgGroupParams,
    body: orgGroupBody,
    answers: { 200: orgGroup, 400: apiError, 404: apiError, 409: apiError },
  },
  'DELETE /api/org/:orgId/groups/:groupId': {
    audience: 'manager',
    tags,
    summary: 'Delete a group (its members stay; courses assigned through it stay assigned)',
    params: orgGroupParams,
    answers: { 204: z.null().describe('deleted'), 404: apiError },
  },
  'GET /api/org/:orgId/groups/:groupId/members': {
    audience: 'manager',
    tags,
    summary: "A group's members, by name",
    params: orgGroupParams,
    answers: { 200: orgPersonList, 404: apiError },
  },
  'POST /api/org/:orgId/groups/:groupId/members': {
    audience: 'manager',
    tags,
    summary:
      'Add members to a group (members of this organisation only: 404 naming none of them otherwise); answers the members. Courses assigned to the group before are not assigned to them',
    params: orgGroupParams,
    body: orgGroupMembersBody,
    answers: { 200: orgPersonList, 400: apiError, 404: apiError },
  },
  'DELETE /api/org/:orgId/groups/:groupId/members/:userId': {
    audience: 'manager',
    tags,
    summary: 'Take a member out of a group (their assignments stay)',
    params: orgGroupMemberParams,
    answers: { 204: z.null().describe('removed'), 404: apiError },
  },
  'GET /api/org/:orgId/assignments': {
    audience: 'manager',
    tags,
    summary: 'Assigned courses with how many assignees completed them or are overdue',
    params: orgParams,
    answers: { 200: assignmentSummaryList, 404: apiError },
  },
  'POST /api/org/:orgId/assignments': {
    audience: 'manager',
    tags,
    summary:
      'Assign a published course to members and the present members of groups, with an optional due date in the future; once per member and course (assigning again sets the new date). Assigning grants no access',
    params: orgParams,
    body: assignmentBody,
    answers: { 200: assignmentResult, 400: apiError, 404: apiError },
  },
  'GET /api/org/:orgId/assignments/:courseId': {
    audience: 'manager',
    tags,
    summary: "A course's assignees with their progress, access and due dates",
    params: orgCourseParams,
    answers: { 200: courseAssignments, 404: apiError },
  },
  'DELETE /api/org/:orgId/assignments/:courseId/users/:userId': {
    audience: 'manager',
    tags,
    summary: 'Withdraw a course from a member',
    params: orgAssignmentParams,
    answers: { 204: z.null().describe('withdrawn'), 404: apiError },
  },
  // Members, managers, invitations, settings, report (O1's part): endpoints/org-members.ts.
  ...orgMemberEndpoints,
});
