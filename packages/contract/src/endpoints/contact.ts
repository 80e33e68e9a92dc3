import {
  adminApplication,
  adminApplicationBody,
  adminApplicationPage,
  adminApplicationQuery,
} from '../admin-people.js';
import { idParams, successAnswer } from '../common.js';
import {
  contact,
  contactBody,
  contactGuardAnswer,
  contactPatchBody,
  instructorApplicationBody,
  joinOrganizationBody,
  myOrganizationAnswer,
} from '../contact.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

const tags = ['contact'];
const admin = ['admin'];

export const contactEndpoints = endpointTable({
  'GET /api/users/contact-guard': {
    audience: 'user',
    tags,
    summary: 'Whether my contact details are required, and the ones I gave',
    answers: { 200: contactGuardAnswer },
  },
  'POST /api/contact/create-contact': {
    audience: 'user',
    tags,
    summary: 'Give my contact details (once; change them with PATCH)',
    body: contactBody,
    answers: { 201: contact, 409: apiError },
  },
  'PATCH /api/contact/:id': {
    audience: 'user',
    tags,
    summary: 'Change my contact details',
    params: idParams,
    body: contactPatchBody,
    answers: { 200: contact, 404: apiError },
  },
  'GET /api/users/organization': {
    audience: 'user',
    tags,
    summary: 'My organisation',
    answers: { 200: myOrganizationAnswer },
  },
  'POST /api/organizations/join': {
    audience: 'user',
    tags,
    summary:
      'Join an organisation with its invite code (its granted courses open; it may ask for contact details)',
    body: joinOrganizationBody,
    answers: { 200: myOrganizationAnswer, 404: apiError, 429: apiError },
  },
  'POST /api/next-instructor-form': {
    audience: 'public',
    tags,
    summary: 'Apply to teach ("teach with us"); no login needed',
    body: instructorApplicationBody,
    answers: { 201: successAnswer, 429: apiError },
  },

  // The console's instructor applications.
  'GET /api/admin/applications': {
    audience: 'admin',
    tags: admin,
    summary: 'Instructor applications, one page',
    query: adminApplicationQuery,
    answers: { 200: adminApplicationPage },
  },
  'GET /api/admin/applications/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'One instructor application',
    params: idParams,
    answers: { 200: adminApplication },
  },
  'PUT /api/admin/applications/:id/status': {
    audience: 'admin',
    tags: admin,
    summary: 'Mark an application handled (contacted, accepted, declined) with a note',
    params: idParams,
    body: adminApplicationBody,
    answers: { 200: adminApplication },
  },
});
