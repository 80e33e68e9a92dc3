import { SUMMARY_PDF_MAX_BYTES, type AdminSummaryPdf } from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Db, TxClient } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import type { Storage } from '../../lib/storage.js';
import { auditedWrite } from '../audit/index.js';
import * as repo from './course-summaries.repo.js';

const MAX_NAME = 200;

const notPdf = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', 415, message);

/**
 * The body of an upload as the bytes of a PDF: a Buffer (the PDF parser's; any other body is no PDF), at most
 * SUMMARY_PDF_MAX_BYTES, starting with `%PDF-` and read by pdf-lib with at least one page. Encrypted PDFs
 * (restrictions with an empty user password) are fine: viewers open them.
 */
export async function pdfBytes(body: unknown): Promise<Buffer> {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw notPdf('Send the PDF itself as the body, with Content-Type: application/pdf');
  if (body.length > SUMMARY_PDF_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 413, `The PDF is larger than ${SUMMARY_PDF_MAX_BYTES} bytes`);
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw notPdf('The file is not a PDF');
  const pages = await PDFDocument.load(body, { ignoreEncryption: true, updateMetadata: false })
    .then((doc) => doc.getPageCount())
    .catch(() => 0);
  if (pages < 1) throw notPdf('The file is not a readable PDF');
  return body;
}

/**
 * The name a file is kept under: its own name without folders or control characters, ending in `.pdf`;
 * `summary.pdf` when it has none.
 */
export function summaryFileName(given: string | undefined): string {
  const base = (given ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = clean.replace(/\.pdf$/i, '').trim();
  if (!stem) return 'summary.pdf';
  return `${[...stem].slice(0, MAX_NAME - 4).join('')}.pdf`;
}

/** What the audit log records of a course's summary: the file, or null. */
const recorded = (s: repo.CourseSummaryState) => ({
  summaryPdf: s.sha256 ? { fileName: s.file_name, byteSize: s.byte_size, sha256: s.sha256 } : null,
});

function toAnswer(s: repo.CourseSummaryState): AdminSummaryPdf {
  const { file_name, byte_size, sha256, uploaded_at, uploaded_by } = s;
  const attached =
    file_name !== null && byte_size !== null && sha256 !== null && uploaded_at !== null
      ? {
          fileName: file_name,
          byteSize: byte_size,
          sha256,
          uploadedAt: uploaded_at.toISOString(),
          uploadedBy: uploaded_by ? { id: uploaded_by, name: s.uploader_name ?? '' } : null,
        }
      : null;
  return { courseId: s.course_id, attached, maxBytes: SUMMARY_PDF_MAX_BYTES };
}

export interface CourseSummariesDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Summary PDFs authors attach to courses in the console. Each upload is stored under a key of its own (so a file
 * is never overwritten while a learner reads it); the attach or removal is an audited write of the course, under
 * its lock, and the file it replaced is removed from the storage once that has committed.
 */
export class CourseSummariesService {
  constructor(private readonly deps: CourseSummariesDeps) {}

  async state(courseId: string): Promise<AdminSummaryPdf> {
    const s = await repo.readState(this.deps.db.$client, courseId);
    if (!s) throw notFound('Course');
    return toAnswer(s);
  }

  /**
   * Attaches the PDF (the upload's body) to the course, replacing what was attached. The file is stored before
   * the write, so the course's lock is not held while up to 20 MB go to the storage; should the write fail (the
   * course gone meanwhile), the file is removed again.
   */
  async attach(actorId: string, courseId: string, body: unknown, fileName?: string) {
    const pdf = await pdfBytes(body);
    if (!(await repo.readState(this.deps.db.$client, courseId))) throw notFound('Course');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const key = `course-summaries/${courseId}/${uuidv7()}.pdf`;
    await this.deps.storage.put(key, pdf);
    let replaced: string | null = null;
    try {
      const answer = await this.write(actorId, courseId, 'course.summary_attach', async (c, before) => {
        replaced = before.storage_key;
        await repo.upsertSummary(c, {
          course_id: courseId,
          storage_key: key,
          file_name: summaryFileName(fileName),
          byte_size: pdf.length,
          sha256,
          uploaded_by: actorId,
        });
      });
      await this.forget(replaced);
      return answer;
    } catch (err) {
      // Nothing refers to this upload's own key: the write did not commit.
      await this.forget(key);
      throw err;
    }
  }

  /** Removes the attached PDF (nothing is recorded when none is attached); learners get the outline again. */
  async remove(actorId: string, courseId: string) {
    let removed: string | null = null;
    const answer = await this.write(actorId, courseId, 'course.summary_remove', async (c, before) => {
      if (!before.storage_key) return 'unchanged';
      removed = before.storage_key;
      await repo.deleteSummary(c, courseId);
    });
    await this.forget(removed);
    return answer;
  }

  /** The attached file as it was uploaded, with its name; 404 when none is attached. */
  async file(courseId: string) {
    const s = await repo.readState(this.deps.db.$client, courseId);
    if (!s) throw notFound('Course');
    const pdf = s.storage_key ? await this.deps.storage.readAll(s.storage_key) : undefined;
    if (!pdf) throw notFound('Summary PDF');
    return { pdf, fileName: s.file_name ?? 'summary.pdf' };
  }

  private write(
    actorId: string,
    courseId: string,
    action: string,
    change: (c: TxClient, before: repo.CourseSummaryState) => Promise<void | 'unchanged'>,
  ) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'course',
      what: 'Course',
      id: courseId,
      read: repo.readState,
      record: recorded,
      change,
      answer: async (_c, after) => {
        if (!after) throw notFound('Course');
        return toAnswer(after);
      },
    });
  }

  /** Removes a stored file no course refers to any more; one left behind is only wasted space. */
  private async forget(key: string | null) {
    if (!key) return;
    await this.deps.storage
      .removePrefix(key)
      .catch((err: unknown) => this.deps.log.warn({ err, key }, 'summary PDF not removed from the storage'));
  }
}
