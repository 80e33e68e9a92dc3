import { z } from 'zod';
import { SUMMARY_PDF_TYPE, summaryPdfParams } from '../documents.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

export const documentsEndpoints = endpointTable({
  'GET /api/course/pdf/:courseId': {
    audience: 'user',
    tags: ['courses'],
    summary: "The course's summary document (PDF, Thai); entitled learners only",
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
});
