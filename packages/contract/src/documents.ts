import { z } from 'zod';
import { uuid } from './common.js';

/** `GET /course/pdf/{courseId}`: the course's summary document (PDF, entitled learners only). */
export const summaryPdfParams = z.object({ courseId: uuid });
export type SummaryPdfParams = z.infer<typeof summaryPdfParams>;

/** The summary document is a binary answer: these describe it for clients and the OpenAPI page. */
export const SUMMARY_PDF_TYPE = 'application/pdf';
export const summaryPdfFilename = (slug: string) => `${slug}-summary.pdf`;
