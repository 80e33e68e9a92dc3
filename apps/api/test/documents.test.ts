import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses, organizationCourses, organizations, users } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { generateSummaries, summaryKey } from '../src/modules/documents/documents.service.js';
import { seedCatalogue, subscribe } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
});
afterAll(() => t.close());

const pdf = (courseId: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/course/pdf/${courseId}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
const etagOf = (res: { headers: Record<string, unknown> }) => String(res.headers.etag).replaceAll('"', '');

describe('GET /api/course/pdf/:courseId (summary document)', () => {
  it('answers an entitled learner a real Thai PDF, inline, named after the slug', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    const res = await pdf(cat.paid, u.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="invest-${cat.paid}-summary.pdf"`);
    expect(res.headers['cache-control']).toContain('private');
    // The web page shows it in a frame from a blob: URL; plugins stay refused.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self' blob:/);
    expect(csp).toContain("object-src 'none'");
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const doc = await PDFDocument.load(res.rawPayload, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe('ลงทุนหุ้นเบื้องต้น');
    expect(doc.getAuthor()).toBe('เรียนรู้ (Rianroo)');
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4 portrait
  });

  it('answers the free course to anyone logged in; a trial and an organisation grant open a paid course', async () => {
    const anyone = await register(t.app);
    const free = await pdf(cat.free, anyone.access_token);
    expect(free.statusCode).toBe(200);
    expect((await PDFDocument.load(free.rawPayload)).getTitle()).toBe('ออมเงินฉบับเริ่มต้น');

    const trial = await register(t.app);
    await subscribe(t, trial.user.id, 'trialing');
    expect((await pdf(cat.paid, trial.access_token)).statusCode).toBe(200);

    const member = await register(t.app);
    const orgId = uuidv7();
    await t.db.insert(organizations).values({ id: orgId, name: 'บริษัทตัวอย่าง' });
    await t.db
      .insert(organizationCourses)
      .values({ organizationId: orgId, courseId: cat.paid, kind: 'grant' });
    await t.db.update(users).set({ organizationId: orgId }).where(eq(users.id, member.user.id));
    expect((await pdf(cat.paid, member.access_token)).statusCode).toBe(200);
  });

  it('refuses a paid course without a subscription with 403 NO_ACCESS in the one error shape', async () => {
    const u = await register(t.app);
    const res = await pdf(cat.paid, u.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'NO_ACCESS', message: expect.any(String) });
    await subscribe(t, u.user.id);
    expect((await pdf(cat.paid, u.access_token)).statusCode).toBe(200);
  });

  it('unknown or unpublished course 404, malformed id 400, no token 401', async () => {
    const u = await register(t.app);
    const unknown = await pdf('01900000-0000-7000-8000-000000000000', u.access_token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await pdf(cat.draft, u.access_token)).statusCode).toBe(404);
    const bad = await pdf('not-a-uuid', u.access_token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const anonymous = await pdf(cat.free);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });

  it('is made once per course version and then served from storage; an edit makes a new one', async () => {
    const u = await register(t.app);
    // A version of the course no request has asked for yet.
    await t.db
      .update(courses)
      .set({ description: 'ออมก่อนใช้ จดบันทึกรายรับรายจ่ายทุกวัน', updatedAt: sql`now()` })
      .where(eq(courses.id, cat.free));
    const put = vi.spyOn(t.app.storage, 'put');
    const first = await pdf(cat.free, u.access_token);
    const version = etagOf(first);
    const key = summaryKey(cat.free, version);
    const stored = await t.app.storage.stat(key);
    expect(stored?.size).toBe(first.rawPayload.length);

    // A second request reads the stored object: it is not written again, and its bytes are what is sent.
    await new Promise((r) => setTimeout(r, 20));
    const again = await pdf(cat.free, u.access_token);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(put.mock.calls.map(([k]) => k)).toEqual([key]);
    put.mockRestore();
    expect((await t.app.storage.stat(key))?.modified.getTime()).toBe(stored?.modified.getTime());
    const marker = Buffer.concat([first.rawPayload, Buffer.from('\n% served from storage\n')]);
    await t.app.storage.put(key, marker);
    expect((await pdf(cat.free, u.access_token)).rawPayload.equals(marker)).toBe(true);

    // A revalidation with the current version answers 304 without a body.
    const notModified = await pdf(cat.free, u.access_token, { 'if-none-match': `"${version}"` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    await t.db
      .update(courses)
      .set({ title: 'ออมเงินฉบับปรับปรุง', updatedAt: sql`now()` })
      .where(eq(courses.id, cat.free));
    const edited = await pdf(cat.free, u.access_token);
    expect(etagOf(edited)).not.toBe(version);
    expect((await PDFDocument.load(edited.rawPayload)).getTitle()).toBe('ออมเงินฉบับปรับปรุง');
    expect(await t.app.storage.stat(summaryKey(cat.free, etagOf(edited)))).toBeDefined();
  });

  it('simultaneous first requests make the document once and all get it', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    await t.db
      .update(courses)
      .set({ subtitle: 'พร้อมกัน', updatedAt: sql`now()` })
      .where(eq(courses.id, cat.paid));
    const put = vi.spyOn(t.app.storage, 'put');
    const answers = await Promise.all([1, 2, 3, 4].map(() => pdf(cat.paid, u.access_token)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
    expect(new Set(answers.map((a) => etagOf(a))).size).toBe(1);
    for (const a of answers) expect(a.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
  });

  it('generateSummaries makes the missing documents of the published catalogue, once', async () => {
    const other = await createTestApp();
    try {
      const own = await seedCatalogue(other);
      expect(await generateSummaries(other.app)).toBe(2); // the paid and the free course, not the draft
      expect(await generateSummaries(other.app)).toBe(0);
      const u = await register(other.app);
      const res = await other.app.inject({
        method: 'GET',
        url: `/api/course/pdf/${own.free}`,
        headers: bearer(u.access_token),
      });
      const key = summaryKey(own.free, etagOf(res));
      expect((await other.app.storage.readAll(key))?.equals(res.rawPayload)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('names a document whose slug is not ASCII in filename* (RFC 6266)', async () => {
    await t.db
      .update(courses)
      .set({ slug: `ออมเงิน-${cat.free}` })
      .where(eq(courses.id, cat.free));
    const res = await pdf(cat.free, (await register(t.app)).access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="course-summary.pdf"; filename*=UTF-8''${encodeURIComponent(`ออมเงิน-${cat.free}-summary.pdf`)}`,
    );
  });
});
