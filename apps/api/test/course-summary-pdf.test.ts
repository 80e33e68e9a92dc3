import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SUMMARY_PDF_MAX_BYTES } from '@rianroo/contract';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { generateSummaries } from '../src/modules/documents/documents.service.js';
import { adminUser, auditOf } from './admin-fixture.js';
import { seedCatalogue, subscribe } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/** Summary PDFs authors attach to a course in the console, and what learners get with and without one. */
let t: TestApp;
let admin: { token: string; id: string };
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
  admin = await adminUser(t);
  await t.db.execute(sql`update users set display_name = 'ผู้ดูแลเอกสาร' where id = ${admin.id}`);
});
afterAll(() => t.close());

/** A real one-page PDF whose page says `text` (different texts, different bytes). */
async function makePdf(text: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 14, font });
  doc.setTitle(text);
  return Buffer.from(await doc.save());
}

async function pdfText(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  await doc.destroy();
  return text.normalize('NFKC');
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const summaryUrl = (courseId: string, fileName?: string) =>
  `/api/admin/courses/${courseId}/summary-pdf${fileName === undefined ? '' : `?fileName=${encodeURIComponent(fileName)}`}`;

const attach = (
  courseId: string,
  body: Buffer | string,
  o: { token?: string; type?: string; name?: string } = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: summaryUrl(courseId, o.name ?? 'summary.pdf'),
    payload: body,
    headers: {
      'content-type': o.type ?? 'application/pdf',
      ...(o.token === '' ? {} : bearer(o.token ?? admin.token)),
    },
  });
const adminCall = (method: 'GET' | 'DELETE', url: string, token = admin.token) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {} });
const learnerPdf = (courseId: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/course/pdf/${courseId}`,
    headers: { ...bearer(token), ...headers },
  });

/** The files stored for a course's attached summaries. */
const storedFiles = (courseId: string) =>
  readdir(path.join(t.config.storageDir, 'course-summaries', courseId)).catch(() => [] as string[]);
const summaryRows = async (courseId: string) =>
  (await t.db.$client.query(`select * from course_summaries where course_id = $1`, [courseId])).rows;

async function member() {
  const u = await register(t.app);
  await subscribe(t, u.user.id);
  return u;
}

describe('an attached summary PDF', () => {
  it('is what an entitled learner downloads, byte for byte, named after the course; the console sees it', async () => {
    const cat = await seedCatalogue(t);
    const pdf = await makePdf('Investing workbook');
    const res = await attach(cat.paid, pdf, { name: 'คู่มือ/ลงทุน หุ้น.PDF' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      courseId: cat.paid,
      maxBytes: SUMMARY_PDF_MAX_BYTES,
      attached: {
        fileName: 'ลงทุน หุ้น.pdf',
        byteSize: pdf.length,
        sha256: sha(pdf),
        uploadedBy: { id: admin.id, name: 'ผู้ดูแลเอกสาร' },
      },
    });
    expect(Date.parse(res.json().attached.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await adminCall('GET', summaryUrl(cat.paid))).json()).toEqual(res.json());

    const u = await member();
    const got = await learnerPdf(cat.paid, u.access_token);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`inline; filename="invest-${cat.paid}-summary.pdf"`);
    expect(got.headers['cache-control']).toContain('private');
    const again = await learnerPdf(cat.paid, u.access_token, { 'if-none-match': String(got.headers.etag) });
    expect(again.statusCode).toBe(304);

    // The console downloads the very file, under its own name.
    const file = await adminCall('GET', `${summaryUrl(cat.paid)}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('ลงทุน หุ้น.pdf'));

    const [entry] = await auditOf(t, cat.paid);
    expect(entry).toMatchObject({
      action: 'course.summary_attach',
      actor_id: admin.id,
      entity: 'course',
      before: { summaryPdf: null },
      after: { summaryPdf: { fileName: 'ลงทุน หุ้น.pdf', byteSize: pdf.length, sha256: sha(pdf) } },
    });
  });

  it('is refused to a learner without access as before (403 NO_ACCESS); a free course is open to all', async () => {
    const cat = await seedCatalogue(t);
    const pdf = await makePdf('Members only');
    expect((await attach(cat.paid, pdf)).statusCode).toBe(200);
    expect((await attach(cat.free, pdf)).statusCode).toBe(200);
    const u = await register(t.app);
    const refused = await learnerPdf(cat.paid, u.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'NO_ACCESS' });
    expect(refused.rawPayload.includes(pdf.subarray(0, 64))).toBe(false);
    expect((await learnerPdf(cat.free, u.access_token)).rawPayload.equals(pdf)).toBe(true);
    // A draft course's attached PDF is the console's only.
    expect((await attach(cat.draft, pdf)).statusCode).toBe(200);
    expect((await learnerPdf(cat.draft, (await member()).access_token)).statusCode).toBe(404);
  });

  it('cannot be seen, attached or removed by a learner, an instructor or anyone signed out', async () => {
    const cat = await seedCatalogue(t);
    const pdf = await makePdf('Not yours');
    const learner = await member();
    const instructor = await register(t.app);
    await t.db.execute(sql`update users set role = 'instructor' where id = ${instructor.user.id}`);
    for (const token of [learner.access_token, instructor.access_token]) {
      const put = await attach(cat.paid, pdf, { token });
      expect([put.statusCode, put.json().code]).toEqual([403, 'FORBIDDEN']);
      expect((await adminCall('GET', summaryUrl(cat.paid), token)).statusCode).toBe(403);
      expect((await adminCall('DELETE', summaryUrl(cat.paid), token)).statusCode).toBe(403);
      expect((await adminCall('GET', `${summaryUrl(cat.paid)}/file`, token)).statusCode).toBe(403);
    }
    const anonymous = await attach(cat.paid, pdf, { token: '' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHORIZED']);
    expect((await adminCall('GET', summaryUrl(cat.paid), '')).statusCode).toBe(401);
    expect(await summaryRows(cat.paid)).toEqual([]);
    expect(await storedFiles(cat.paid)).toEqual([]);
    expect(await auditOf(t, cat.paid)).toEqual([]);
  });

  it('refuses what is not a PDF, a PDF over 20 MB and an unknown course in the one error shape, storing nothing', async () => {
    const cat = await seedCatalogue(t);
    const kept = await makePdf('Kept as it is');
    expect((await attach(cat.paid, kept)).statusCode).toBe(200);
    const pdf = await makePdf('Good');
    const unknown = uuidv7();
    const refusals: [Awaited<ReturnType<typeof attach>>, number, string][] = [
      [await attach(cat.paid, Buffer.from('plain text, not a PDF at all')), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [
        await attach(cat.paid, Buffer.from('%PDF-1.7\nbroken, no objects\n%%EOF')),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [await attach(cat.paid, pdf.subarray(0, pdf.length >> 1)), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [await attach(cat.paid, Buffer.alloc(0)), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [await attach(cat.paid, pdf, { type: 'image/png' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [await attach(cat.paid, '{"pdf":"no"}', { type: 'application/json' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [
        await attach(cat.paid, Buffer.concat([pdf, Buffer.alloc(SUMMARY_PDF_MAX_BYTES + 1 - pdf.length)])),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [await attach(unknown, pdf), 404, 'NOT_FOUND'],
      [await attach('not-a-course', pdf), 400, 'VALIDATION_ERROR'],
      [await attach(cat.paid, pdf, { name: `${'ก'.repeat(201)}.pdf` }), 400, 'VALIDATION_ERROR'],
    ];
    for (const [res, status, code] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, code, message: expect.any(String) });
    }
    // What was attached stays, alone in the storage; nothing else was recorded.
    const rows = await summaryRows(cat.paid);
    expect(rows.map((r) => r.sha256)).toEqual([sha(kept)]);
    expect(await storedFiles(cat.paid)).toEqual([path.basename(rows[0].storage_key)]);
    expect((await auditOf(t, cat.paid)).map((e) => e.action)).toEqual(['course.summary_attach']);
    expect(await storedFiles(unknown)).toEqual([]);
    expect((await learnerPdf(cat.paid, (await member()).access_token)).rawPayload.equals(kept)).toBe(true);
  });

  it('replaced, leaves only the new file; removed, learners get the generated outline again, which says so', async () => {
    const cat = await seedCatalogue(t);
    const u = await member();
    const outline = await learnerPdf(cat.paid, u.access_token);
    const first = await makePdf('First edition');
    const second = await makePdf('Second edition');
    expect((await attach(cat.paid, first)).statusCode).toBe(200);
    const [firstFile] = await storedFiles(cat.paid);
    expect((await attach(cat.paid, second, { name: 'second.pdf' })).json().attached.fileName).toBe(
      'second.pdf',
    );
    expect((await learnerPdf(cat.paid, u.access_token)).rawPayload.equals(second)).toBe(true);
    const files = await storedFiles(cat.paid);
    expect(files).toHaveLength(1);
    expect(files).not.toContain(firstFile);

    const removed = await adminCall('DELETE', summaryUrl(cat.paid));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ courseId: cat.paid, attached: null, maxBytes: SUMMARY_PDF_MAX_BYTES });
    expect(await storedFiles(cat.paid)).toEqual([]);
    expect((await adminCall('GET', `${summaryUrl(cat.paid)}/file`)).statusCode).toBe(404);
    const back = await learnerPdf(cat.paid, u.access_token);
    expect(back.statusCode).toBe(200);
    expect(back.headers.etag).toBe(outline.headers.etag);
    expect((await PDFDocument.load(back.rawPayload)).getTitle()).toBe('ลงทุนหุ้นเบื้องต้น');
    const text = await pdfText(back.rawPayload);
    expect(text).toContain('Generated automatically from the course outline');
    expect(text.replace(/\s/g, '')).toContain('เอกสารนี้สร้างจากโครงสร้างคอร์สโดยอัตโนมัติ');

    // Removing again changes nothing and records nothing.
    expect((await adminCall('DELETE', summaryUrl(cat.paid))).json().attached).toBeNull();
    const audit = await auditOf(t, cat.paid);
    expect(audit.map((e) => e.action)).toEqual([
      'course.summary_attach',
      'course.summary_attach',
      'course.summary_remove',
    ]);
    expect(audit[1]).toMatchObject({
      before: { summaryPdf: { sha256: sha(first) } },
      after: { summaryPdf: { sha256: sha(second) } },
    });
    expect(audit[2]).toMatchObject({
      before: { summaryPdf: { sha256: sha(second) } },
      after: { summaryPdf: null },
    });
  });

  it('attached many times at once: one attachment, the last written, and only its file stored', async () => {
    const cat = await seedCatalogue(t);
    const pdfs = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => makePdf(`Edition ${n}`)));
    const answers = await Promise.all(
      pdfs.map((p, i) => attach(cat.paid, p, { name: `edition-${i + 1}.pdf` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await summaryRows(cat.paid);
    expect(rows).toHaveLength(1);
    expect(await storedFiles(cat.paid)).toEqual([path.basename(rows[0].storage_key)]);
    const audit = await auditOf(t, cat.paid);
    expect(audit).toHaveLength(6);
    // The writes took turns: each found the one before it, and the last is what is attached.
    for (let i = 1; i < audit.length; i++) expect(audit[i]!.before).toEqual(audit[i - 1]!.after);
    expect(audit[5]!.after).toMatchObject({ summaryPdf: { sha256: rows[0].sha256 } });
    const got = await learnerPdf(cat.paid, (await member()).access_token);
    expect(sha(got.rawPayload)).toBe(rows[0].sha256);
  });

  it('spares its course the pre-generated outline', async () => {
    const other = await createTestApp();
    try {
      const own = await seedCatalogue(other);
      const a = await adminUser(other);
      const res = await other.app.inject({
        method: 'PUT',
        url: `/api/admin/courses/${own.paid}/summary-pdf`,
        payload: await makePdf('Own'),
        headers: { 'content-type': 'application/pdf', ...bearer(a.token) },
      });
      expect(res.statusCode).toBe(200);
      expect(await generateSummaries(other.app)).toBe(1); // the free course only
    } finally {
      await other.close();
    }
  });
});
