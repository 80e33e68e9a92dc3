import { z } from 'zod';
import { courseIdParams } from '../courses.js';
import { adminSummaryPdf, SUMMARY_PDF_TYPE, summaryPdfParams, summaryPdfUploadQuery } from '../documents.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

const admin = ['admin'];

export const documentsEndpoints = endpointTable({
  'GET /api/course/pdf/:courseId': {
    audience: 'user',
    tags: ['courses'],
    summary: "The course's summary document (PDF); entitled learners only",
    description:
      'The PDF an author attached to the course when there is one; otherwise an outline generated from the ' +
      'course (Thai), which says so on its first page.',
    params: summaryPdfParams,
    answers: {
      200: z.any().describe(`${SUMMARY_PDF_TYPE}: the summary document`),
      304: z.null().describe('Not modified (If-None-Match)'),
      400: apiError,
      401: apiError,
      403: apiError,
      404: apiError,
    },
  },
  'GET /api/admin/courses/:id/summary-pdf': {
    audience: 'admin',
    tags: admin,
    summary: "The course's attached summary PDF (name, size, when), or none",
    params: courseIdParams,
    answers: { 200: adminSummaryPdf, 400: apiError, 404: apiError },
  },
  'PUT /api/admin/courses/:id/summary-pdf': {
    audience: 'admin',
    tags: admin,
    summary: 'Attach a summary PDF, or replace the attached one (the bytes, application/pdf)',
    description:
      'The body is the PDF itself (Content-Type: application/pdf), 20 MB at most; `fileName` is its name. ' +
      'A body that is not a PDF is refused (415), a larger one too (413), and nothing is stored.',
    params: courseIdParams,
    query: summaryPdfUploadQuery,
    answers: { 200: adminSummaryPdf, 400: apiError, 404: apiError, 413: apiError, 415: apiError },
  },
  'DELETE /api/admin/courses/:id/summary-pdf': {
    audience: 'admin',
    tags: admin,
    summary: 'Remove the attached summary PDF: learners get the generated outline again',
    params: courseIdParams,
    answers: { 200: adminSummaryPdf, 400: apiError, 404: apiError },
  },
  'GET /api/admin/courses/:id/summary-pdf/file': {
    audience: 'admin',
    tags: admin,
    summary: 'The attached summary PDF itself, as uploaded',
    params: courseIdParams,
    answers: {
      200: z.any().describe(`${SUMMARY_PDF_TYPE}: the attached file`),
      400: apiError,
      404: apiError,
    },
  },
});
