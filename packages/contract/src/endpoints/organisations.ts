import {
  addMemberBody,
  adminMemberPage,
  adminMemberQuery,
  adminOrganizationDetail,
  adminOrganizationPage,
  adminOrganizationQuery,
  courseOptions,
  organizationBody,
  organizationCoursesBody,
  organizationMemberParams,
  organizationSeatsBody,
  organizationUpdateBody,
} from '../admin-orgs.js';
import { idParams } from '../common.js';
import { endpointTable } from '../endpoint.js';

const tags = ['admin'];

export const organisationsEndpoints = endpointTable({
  'GET /api/admin/organizations': {
    audience: 'admin',
    tags,
    summary: 'Organisations, one page',
    query: adminOrganizationQuery,
    answers: { 200: adminOrganizationPage },
  },
  'GET /api/admin/organizations/course-options': {
    audience: 'admin',
    tags,
    summary: 'Every course, to grant or pick',
    answers: { 200: courseOptions },
  },
  'POST /api/admin/organizations': {
    audience: 'admin',
    tags,
    summary: 'Create an organisation',
    body: organizationBody,
    answers: { 201: adminOrganizationDetail },
  },
  'GET /api/admin/organizations/:id': {
    audience: 'admin',
    tags,
    summary: 'One organisation with its granted and picked courses',
    params: idParams,
    answers: { 200: adminOrganizationDetail },
  },
  'PUT /api/admin/organizations/:id': {
    audience: 'admin',
    tags,
    summary: 'Edit an organisation (409 EDIT_CONFLICT when another edit came first)',
    params: idParams,
    body: organizationUpdateBody,
    answers: { 200: adminOrganizationDetail },
  },
  'PUT /api/admin/organizations/:id/courses': {
    audience: 'admin',
    tags,
    summary: "Set an organisation's granted and picked courses",
    params: idParams,
    body: organizationCoursesBody,
    answers: { 200: adminOrganizationDetail },
  },
  'GET /api/admin/organizations/:id/members': {
    audience: 'admin',
    tags,
    summary: "An organisation's members, one page",
    params: idParams,
    query: adminMemberQuery,
    answers: { 200: adminMemberPage },
  },
  'POST /api/admin/organizations/:id/members': {
    audience: 'admin',
    tags,
    summary: 'Add a member by e-mail address',
    params: idParams,
    body: addMemberBody,
  },
  'DELETE /api/admin/organizations/:id/members/:userId': {
    audience: 'admin',
    tags,
    summary: 'Take a member out',
    params: organizationMemberParams,
  },
  'PUT /api/admin/organizations/:id/seats': {
    audience: 'admin',
    tags,
    summary:
      "Grant the organisation seats for a plan until a date (replaces the last grant; 409 SEATS_BELOW_TAKEN under the seats held)",
    params: idParams,
    body: organizationSeatsBody,
    answers: { 200: adminOrganizationDetail },
  },
  'DELETE /api/admin/organizations/:id/seats': {
    audience: 'admin',
    tags,
    summary: "End the organisation's seats now (every seat is given back)",
    params: idParams,
    answers: { 200: adminOrganizationDetail },
  },
});
