import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CertificateCode from '../src/modules/certificates/certificate-code.js';
import { addAssessment, seedCatalogue, subscribe, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The rules of completion and certificates, one at a time (PRODUCT.md section 6): completed is every published
 * non-teaser episode watched and the post-test passed; a certificate needs the course's certificates on, access
 * to the course and, when the course asks for it, the course evaluated; it is issued once, stays its owner's
 * once issued, and a revoked one is refused.
 */

/** Codes the next certificates draw before the random ones (a code already taken, on purpose). */
const drawn = vi.hoisted(() => [] as string[]);
vi.mock('../src/modules/certificates/certificate-code.js', async (real) => {
  const m = await real<typeof CertificateCode>();
  return { ...m, certificateCode: () => drawn.shift() ?? m.certificateCode() };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const call = (h: H, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });
const completion = async (h: H, courseId: string) => {
  const res = await call(h, 'GET', `/course/${courseId}/completion`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const download = (h: H, courseId: string) => call(h, 'GET', `/media/get-certificate/${courseId}`);
const error = (res: Awaited<ReturnType<typeof download>>) => {
  const b = res.json();
  return [res.statusCode, b.code, b.message];
};
async function learner() {
  const u = await register(t.app);
  return { id: u.user.id, h: bearer(u.access_token) };
}
async function watchAll(h: H, courseId: string, episodes: { id: string; durationSeconds: number }[]) {
  expect((await watchThrough(t, h, courseId, episodes)).statusCode).toBe(200);
}
const settings = (courseId: string, enabled: boolean, requiresEvaluation: boolean) =>
  t.db.$client.query(
    `update courses set certificate_enabled = $2, certificate_requires_evaluation = $3 where id = $1`,
    [courseId, enabled, requiresEvaluation],
  );
const certificatesOf = async (h: H) => (await call(h, 'GET', '/users/certificates')).json();

describe('completion and the certificate', () => {
  it('completed takes every episode and the post-test; the certificate also the evaluation the course asks for; issued, it is held, not offered', async () => {
    const c = await seedCatalogue(t);
    await settings(c.free, true, true);
    const post = await addAssessment(t, { courseId: c.free, kind: 'post_test' }, [
      { kind: 'true_false', choices: [true, false] },
    ]);
    const m = await learner();
    expect(await completion(m.h, c.free)).toMatchObject({
      courseId: c.free,
      episodesTotal: 2,
      episodesWatched: 0,
      episodesDone: false,
      completed: false,
      completedAt: null,
      evaluationRequired: true,
      evaluated: false,
      certificateEnabled: true,
      certificateAvailable: false,
      certificate: null,
      postTest: { id: post.id, passed: false },
    });
    await watchAll(m.h, c.free, c.freeEpisodes);
    expect(await completion(m.h, c.free)).toMatchObject({
      episodesWatched: 2,
      episodesDone: true,
      completed: false,
      certificateAvailable: false,
    });
    expect(error(await download(m.h, c.free))).toEqual([
      409,
      'COURSE_NOT_COMPLETED',
      'The course is not completed yet',
    ]);

    await call(m.h, 'POST', '/assessment-response', { assessmentId: post.id, answers: [] });
    const passed = await call(m.h, 'POST', '/assessment-result', {
      assessmentId: post.id,
      answers: [{ questionId: post.questions[0]!.id, choiceIds: post.questions[0]!.right }],
    });
    expect(passed.json().passed).toBe(true);
    const done = await completion(m.h, c.free);
    expect(done).toMatchObject({ completed: true, evaluated: false, certificateAvailable: false });
    expect(new Date(done.completedAt).toISOString()).toBe(done.completedAt);
    expect(error(await download(m.h, c.free))).toEqual([
      409,
      'EVALUATION_REQUIRED',
      'Evaluate the course to receive its certificate',
    ]);

    expect(
      (await call(m.h, 'POST', '/course-evaluation', { courseId: c.free, answers: [] })).statusCode,
    ).toBe(201);
    expect(await completion(m.h, c.free)).toMatchObject({ evaluated: true, certificateAvailable: true });

    const pdf = await download(m.h, c.free);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const held = await completion(m.h, c.free);
    expect(held.certificateAvailable).toBe(false);
    expect(held.certificate).toMatchObject({ courseId: c.free, revokedAt: null });
    expect(held.certificate.verifyUrl).toBe(`http://rianroo.test/certificates/${held.certificate.code}`);
    expect(await certificatesOf(m.h)).toEqual([held.certificate]);
  });

  it('a course that does not ask for an evaluation offers the certificate once completed', async () => {
    const c = await seedCatalogue(t);
    await settings(c.free, true, false);
    const m = await learner();
    await watchAll(m.h, c.free, c.freeEpisodes);
    expect(await completion(m.h, c.free)).toMatchObject({
      completed: true,
      evaluationRequired: false,
      evaluated: false,
      certificateAvailable: true,
    });
    expect((await download(m.h, c.free)).statusCode).toBe(200);
  });

  it('a course without certificates offers none, and asking for one answers 404', async () => {
    const c = await seedCatalogue(t);
    await settings(c.free, false, false);
    const m = await learner();
    await watchAll(m.h, c.free, c.freeEpisodes);
    expect(await completion(m.h, c.free)).toMatchObject({
      completed: true,
      certificateEnabled: false,
      certificateAvailable: false,
    });
    expect(error(await download(m.h, c.free))).toEqual([404, 'NOT_FOUND', 'Certificate not found']);
    expect(await certificatesOf(m.h)).toEqual([]);
  });

  it('access ended: no certificate offered or issued (403); one issued before stays its owner’s', async () => {
    const c = await seedCatalogue(t);
    await settings(c.paid, true, false);
    const before = await learner();
    const after = await learner();
    for (const m of [before, after]) {
      await subscribe(t, m.id);
      await watchAll(m.h, c.paid, c.paidEpisodes.slice(1));
    }
    expect((await download(before.h, c.paid)).statusCode).toBe(200);
    await t.db.$client.query(
      `update subscriptions set status = 'expired', current_period_end = now() - interval '1 day'
       where user_id = any($1::uuid[])`,
      [[before.id, after.id]],
    );
    expect(await completion(after.h, c.paid)).toMatchObject({ completed: true, certificateAvailable: false });
    expect(error(await download(after.h, c.paid))).toEqual([
      403,
      'NO_ACCESS',
      'This course needs a subscription or a free trial',
    ]);
    expect(await certificatesOf(after.h)).toEqual([]);
    expect((await download(before.h, c.paid)).statusCode).toBe(200);
  });

  it('is issued once when 8 first downloads arrive together', async () => {
    const c = await seedCatalogue(t);
    const m = await learner();
    await watchAll(m.h, c.free, c.freeEpisodes);
    const all = await Promise.all(Array.from({ length: 8 }, () => download(m.h, c.free)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await certificatesOf(m.h)).toHaveLength(1);
  });

  /** Two learners who completed the free course; the first holds a certificate, whose code is `taken`. */
  async function secondAfterATakenCode() {
    const c = await seedCatalogue(t);
    const first = await learner();
    const second = await learner();
    for (const m of [first, second]) await watchAll(m.h, c.free, c.freeEpisodes);
    expect((await download(first.h, c.free)).statusCode).toBe(200);
    const [taken] = await certificatesOf(first.h);
    return { c, second, taken: taken as { code: string } };
  }

  it('a drawn code already taken by another certificate is drawn again', async () => {
    const { c, second, taken } = await secondAfterATakenCode();
    drawn.push(taken.code, taken.code);
    expect((await download(second.h, c.free)).statusCode).toBe(200);
    expect(drawn).toEqual([]);
    const [mine] = await certificatesOf(second.h);
    expect(mine.code).not.toBe(taken.code);
    expect(mine.code).toMatch(/^[A-Z0-9]{12}$/);
  });

  it('three taken codes in a row end in an error, with no certificate and no fourth draw', async () => {
    const { c, second, taken } = await secondAfterATakenCode();
    drawn.push(taken.code, taken.code, taken.code);
    const res = await download(second.h, c.free);
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');
    expect(drawn).toEqual([]);
    expect(await certificatesOf(second.h)).toEqual([]);
  });

  it('a failure other than a taken code is not drawn again', async () => {
    const c = await seedCatalogue(t);
    const m = await learner();
    await watchAll(m.h, c.free, c.freeEpisodes);
    // PostgreSQL refuses a NUL in text (22021), not a unique violation.
    drawn.push('\u0000', 'ABCDEFGHJKLM');
    expect((await download(m.h, c.free)).statusCode).toBe(500);
    expect(drawn).toEqual(['ABCDEFGHJKLM']);
    drawn.length = 0;
    expect(await certificatesOf(m.h)).toEqual([]);
  });

  it('a revoked certificate is refused with 403 CERTIFICATE_REVOKED, and shown revoked', async () => {
    const c = await seedCatalogue(t);
    const m = await learner();
    await watchAll(m.h, c.free, c.freeEpisodes);
    expect((await download(m.h, c.free)).statusCode).toBe(200);
    await t.db.$client.query(`update certificates set revoked_at = now() where user_id = $1`, [m.id]);
    expect(error(await download(m.h, c.free))).toEqual([
      403,
      'CERTIFICATE_REVOKED',
      'This certificate was revoked',
    ]);
    const shown = await completion(m.h, c.free);
    expect(shown.certificateAvailable).toBe(false);
    expect(new Date(shown.certificate.revokedAt).toISOString()).toBe(shown.certificate.revokedAt);
  });
});
