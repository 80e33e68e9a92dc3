import { z } from 'zod';
import { uuid } from './common.js';

/** `GET /course/pdf/{courseId}`: the course's summary document (PDF, entitled learners only). */
export const summaryPdfParams = z.object({ courseId: uuid });
export type SummaryPdfParams = z.infer<typeof summaryPdfParams>;

/** The summary document is a binary answer: these describe it for clients and the OpenAPI page. */
export const SUMMARY_PDF_TYPE = 'application/pdf';
export const summaryPdfFilename = (slug: string) => `${slug}-summary.pdf`;

/** An attached summary PDF may be this large at most (the console says so before sending one). */
export const SUMMARY_PDF_MAX_BYTES = 20 * 1024 * 1024;

/** `PUT /admin/courses/{id}/summary-pdf?fileName=`: the file's own name, kept to show and to download it by. */
export const summaryPdfUploadQuery = z.object({
  fileName: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !/[\p{Cc}]/u.test(v), { message: 'Control characters are not allowed' })
    .optional(),
});
export type SummaryPdfUploadQuery = z.infer<typeof summaryPdfUploadQuery>;

/** A PDF an author attached to a course: learners entitled to the course get it instead of the outline. */
export const attachedSummaryPdf = z.object({
  fileName: z.string(),
  byteSize: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  /** Who attached it; null once that account is gone. */
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AttachedSummaryPdf = z.infer<typeof attachedSummaryPdf>;

/** The console's view of a course's summary document: the attached PDF, or null (learners get the outline). */
export const adminSummaryPdf = z.object({
  courseId: z.string(),
  attached: attachedSummaryPdf.nullable(),
  maxBytes: z.number().int(),
});
export type AdminSummaryPdf = z.infer<typeof adminSummaryPdf>;
