import { z } from 'zod';
import { idParams, successAnswer } from '../common.js';
import { endpointTable } from '../endpoint.js';
import { accountClosure, accountClosureAnswer, accountClosureBody } from '../privacy-closure.js';
import { apiError } from '../errors.js';
import { dataExport, dataExportParams, latestDataExport } from '../privacy-export.js';
import {
  adminLegalDocument,
  adminLegalDocumentBody,
  adminLegalDocumentList,
  adminLegalDocumentPatch,
  analyticsConsentBody,
  consentsAnswer,
  legalAcceptanceBody,
  legalDocumentAnswer,
  legalDocumentQuery,
  legalKindParams,
  legalStatusAnswer,
} from '../privacy-terms.js';
import {
  adminDataRequestBody,
  adminDataRequestDetail,
  adminDataRequestPage,
  adminDataRequestPatch,
  adminDataRequestQuery,
  myDataRequest,
  myDataRequestBody,
  myDataRequestsAnswer,
} from '../privacy-requests.js';

// Privacy (PDPA), apps/api/src/modules/privacy. One section per part; the schemas are in ../privacy-*.ts.
export const privacyEndpoints = endpointTable({
  // -- terms, privacy notice and consents (privacy-terms.ts) --
  'GET /api/legal/:kind': {
    audience: 'public',
    tags: ['privacy'],
    summary:
      'The terms of use or the privacy notice: the version in effect now (or ?version=N, one in effect before), and the list of versions',
    params: legalKindParams,
    query: legalDocumentQuery,
    answers: { 200: legalDocumentAnswer, 404: apiError },
  },
  'GET /api/users/legal-status': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'The documents in effect that I have not accepted yet (the web asks before anything else)',
    answers: { 200: legalStatusAnswer },
  },
  'POST /api/users/legal-acceptances': {
    audience: 'user',
    tags: ['privacy'],
    summary:
      'Accept the versions in effect of the terms and the privacy notice (idempotent); answers what is still pending',
    body: legalAcceptanceBody,
    answers: { 200: legalStatusAnswer, 409: apiError },
  },
  'GET /api/users/consents': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'My consents (mail kinds, analytics scripts) and their history, newest first',
    answers: { 200: consentsAnswer },
  },
  'PUT /api/users/consents/analytics': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'Record my choice about the analytics scripts (the banner or the account switch)',
    body: analyticsConsentBody,
    answers: { 200: consentsAnswer },
  },
  'GET /api/admin/legal-documents': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'Every version of the terms and the privacy notice, newest first, with its state',
    answers: { 200: adminLegalDocumentList },
  },
  'POST /api/admin/legal-documents': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'A new version of the terms or the privacy notice, effective now or later (never in the past)',
    body: adminLegalDocumentBody,
    answers: { 201: adminLegalDocument, 400: apiError },
  },
  'PATCH /api/admin/legal-documents/:id': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'Change a version that is not in effect yet (409 once it is)',
    params: idParams,
    body: adminLegalDocumentPatch,
    answers: { 200: adminLegalDocument, 400: apiError, 404: apiError, 409: apiError },
  },
  'DELETE /api/admin/legal-documents/:id': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'Remove a version that is not in effect yet (409 once it is)',
    params: idParams,
    answers: { 204: z.null().describe('removed'), 404: apiError, 409: apiError },
  },
  // -- data export (privacy-export.ts) --
  'POST /api/users/data-export': {
    audience: 'user',
    tags: ['privacy'],
    summary:
      'Ask for a ZIP of all my data; a job builds it and mails me when it is ready (409 while one is being built)',
    answers: { 202: dataExport, 401: apiError, 409: apiError, 429: apiError },
  },
  'GET /api/users/data-export': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'My latest data export: status, when asked, when ready, until when it may be downloaded',
    answers: { 200: latestDataExport, 401: apiError },
  },
  'GET /api/users/data-export/:id/download': {
    audience: 'user',
    tags: ['privacy'],
    summary: "My data export as a ZIP, while it is ready and not expired (404 for anyone else's)",
    params: dataExportParams,
    answers: {
      200: z.any().describe('application/zip: the data export'),
      400: apiError,
      401: apiError,
      404: apiError,
    },
  },
  // -- closing an account (privacy-closure.ts) --
  'POST /api/users/account-closure': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'Close my account: sessions end, my data is erased after 14 days unless I sign in again',
    description:
      'The password when the account has one, or the account e-mail address typed for an account without one. ' +
      'Asking again while a request is open answers that request (one per learner).',
    body: accountClosureBody,
    answers: { 200: accountClosure, 400: apiError, 403: apiError, 429: apiError },
  },
  'GET /api/users/account-closure': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'My open request to close the account, or none',
    answers: { 200: accountClosureAnswer },
  },
  'DELETE /api/users/account-closure': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'Cancel my request to close the account',
    answers: { 200: successAnswer, 404: apiError },
  },
  // -- data requests and retention (privacy-requests.ts) --
  'GET /api/users/data-requests': {
    audience: 'user',
    tags: ['privacy'],
    summary:
      'My data requests (access, erasure, correction, objection), newest first, with status and due date',
    answers: { 200: myDataRequestsAnswer },
  },
  'POST /api/users/data-requests': {
    audience: 'user',
    tags: ['privacy'],
    summary: 'Ask for a correction of my data, or object to a use of it; answered within 30 days',
    body: myDataRequestBody,
    answers: { 201: myDataRequest, 429: apiError },
  },
  'GET /api/admin/data-requests': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'The data-request queue, one page, soonest due first; filtered by status, kind, overdue',
    query: adminDataRequestQuery,
    answers: { 200: adminDataRequestPage },
  },
  'GET /api/admin/data-requests/:id': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'One data request, the learner it is about, and its audit history',
    params: idParams,
    answers: { 200: adminDataRequestDetail, 404: apiError },
  },
  'POST /api/admin/data-requests': {
    audience: 'admin',
    tags: ['admin'],
    summary: 'Enter a data request received by mail, phone or letter (due 30 days after it was received)',
    body: adminDataRequestBody,
    answers: { 201: adminDataRequestDetail },
  },
  'PATCH /api/admin/data-requests/:id': {
    audience: 'admin',
    tags: ['admin'],
    summary:
      "Change a data request's status and resolution; closing needs a resolution, and a closed one stays closed",
    params: idParams,
    body: adminDataRequestPatch,
    answers: { 200: adminDataRequestDetail, 404: apiError, 409: apiError },
  },
});
