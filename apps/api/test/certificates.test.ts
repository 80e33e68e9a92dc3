import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationQuestions } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { addAssessment, MIXED, seedCatalogue, subscribe, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, device, PASSWORD, register, type TestApp } from './helpers.js';
import { startSmtpPeer } from './smtp-peer.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let post: Awaited<ReturnType<typeof addAssessment>>;
const Q = { rating: uuidv7(), choice: uuidv7(), text: uuidv7(), inactive: uuidv7() };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rianroo <no-reply@rianroo.test>',
  });
  cat = await seedCatalogue(t);
  post = await addAssessment(t, { courseId: cat.paid, kind: 'post_test', maxAttempts: 3 }, MIXED);
  await t.db.$client.query(`update courses set certificate_requires_evaluation = true where id = $1`, [
    cat.paid,
  ]);
  await t.db.insert(evaluationQuestions).values([
    { id: Q.rating, sort: 1, kind: 'rating', promptTh: 'พอใจไหม', promptEn: 'Satisfied?', required: true },
    {
      id: Q.choice,
      sort: 2,
      kind: 'choice',
      promptTh: 'ใช้เมื่อใด',
      promptEn: 'When?',
      required: true,
      choices: [
        { id: 'now', labelTh: 'ทันที', labelEn: 'Now' },
        { id: 'later', labelTh: 'ภายหลัง', labelEn: 'Later' },
      ],
    },
    { id: Q.text, sort: 3, kind: 'text', promptTh: 'ข้อเสนอแนะ', promptEn: 'Comments', required: false },
    {
      id: Q.inactive,
      sort: 4,
      kind: 'rating',
      promptTh: 'เก่า',
      promptEn: 'Old',
      required: true,
      active: false,
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type H = Record<string, string>;
const call = (h: H, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });
/** Plays an episode to its end, as the player does (its played ranges, the watch-time budget's clock moved on). */
const watch = (h: H, courseId: string, episode: { id: string; durationSeconds: number }) =>
  watchThrough(t, h, courseId, [episode]);
const passPostTest = async (h: H) => {
  await call(h, 'POST', '/assessment-response', { assessmentId: post.id, answers: [] });
  const answers = post.questions.map((q) => ({ questionId: q.id, choiceIds: q.right }));
  return call(h, 'POST', '/assessment-result', { assessmentId: post.id, answers });
};
const evaluation = (courseId: string) => ({
  courseId,
  answers: [
    { questionId: Q.rating, rating: 5 },
    { questionId: Q.choice, choiceId: 'now' },
    { questionId: Q.text, text: 'ดีมาก' },
  ],
});

async function learner(firstName = 'สมหญิง', lastName = 'ตั้งใจเรียน') {
  const u = await register(t.app, { firstName, lastName });
  await subscribe(t, u.user.id);
  return { ...u, h: bearer(u.access_token) };
}

/** A learner who completed the paid course (every non-teaser episode, the post-test) and evaluated it. */
async function graduate(firstName?: string) {
  const u = await learner(firstName);
  for (const e of cat.paidEpisodes.slice(1)) await watch(u.h, cat.paid, e);
  await passPostTest(u.h);
  expect((await call(u.h, 'POST', '/course-evaluation', evaluation(cat.paid))).statusCode).toBe(201);
  return u;
}

async function pdfText(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  const viewport = page.getViewport({ scale: 2 });
  // pdf.js draws on @napi-rs/canvas in Node: its factory gives a canvas and a 2D context.
  type Canvas = { width: number; height: number };
  type Context = { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  const factory = (
    doc as unknown as {
      canvasFactory: { create(w: number, h: number): { canvas: Canvas; context: Context } };
    }
  ).canvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context, viewport, canvas } as never).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const qr = jsQR(image.data, canvas.width, canvas.height)?.data;
  const size = [page.view[2] ?? 0, page.view[3] ?? 0];
  await doc.destroy();
  return { text, qr, size };
}

describe('completion', () => {
  it('needs every non-teaser episode watched (not the teaser) and, with a post-test, passing it', async () => {
    const u = await learner();
    const status = async () => (await call(u.h, 'GET', `/course/${cat.paid}/completion`)).json();
    expect(await status()).toMatchObject({
      episodesTotal: 3,
      episodesWatched: 0,
      episodesDone: false,
      completed: false,
    });
    for (const e of cat.paidEpisodes.slice(1, 3)) await watch(u.h, cat.paid, e);
    expect((await status()).episodesDone).toBe(false);
    await watch(u.h, cat.paid, cat.paidEpisodes[3]!);
    expect(await status()).toMatchObject({ episodesWatched: 3, episodesDone: true, completed: false });
    // The post-test failed, then passed.
    await call(u.h, 'POST', '/assessment-response', { assessmentId: post.id, answers: [] });
    await call(u.h, 'POST', '/assessment-result', { assessmentId: post.id });
    expect((await status()).completed).toBe(false);
    await passPostTest(u.h);
    const done = await status();
    expect(done).toMatchObject({
      completed: true,
      evaluationRequired: true,
      evaluated: false,
      certificateAvailable: false,
    });
    expect(done.completedAt).not.toBeNull();
    expect(done.postTest.passed).toBe(true);
    // The free course has no post-test: its episodes are enough.
    for (const e of cat.freeEpisodes) await watch(u.h, cat.free, e);
    expect((await call(u.h, 'GET', `/course/${cat.free}/completion`)).json()).toMatchObject({
      completed: true,
      postTest: null,
      certificateAvailable: true,
    });
    // The library shows it: completed, tests passed.
    const mine = (await call(u.h, 'GET', '/users/my-course')).json();
    expect(mine.find((c: { id: string }) => c.id === cat.paid)).toMatchObject({
      completed: true,
      testsTotal: 1,
      testsPassed: 1,
      certificateCode: null,
    });
  });
});

describe('course evaluation', () => {
  it('is for completed courses, checks the answers, and is taken once, also when 20 arrive at once', async () => {
    const u = await learner();
    const early = await call(u.h, 'POST', '/course-evaluation', evaluation(cat.paid));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('COURSE_NOT_COMPLETED');
    for (const e of cat.paidEpisodes.slice(1)) await watch(u.h, cat.paid, e);
    await passPostTest(u.h);
    const missing = await call(u.h, 'POST', '/course-evaluation', {
      courseId: cat.paid,
      answers: [
        { questionId: Q.rating, rating: 4 },
        { questionId: Q.choice, choiceId: 'nope' },
      ],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual([
      'answers.1.choiceId',
      `answers.${Q.choice}`,
    ]);
    // A NUL in the free text (PostgreSQL cannot store it) is a 400 like any other bad value.
    const nul = await call(u.h, 'POST', '/course-evaluation', {
      ...evaluation(cat.paid),
      answers: [...evaluation(cat.paid).answers.slice(0, 2), { questionId: Q.text, text: 'a\u0000b' }],
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('VALIDATION_ERROR');
    const outOfRange = await call(u.h, 'POST', '/course-evaluation', {
      courseId: cat.paid,
      answers: [{ questionId: Q.rating, rating: 6 }],
    });
    expect(outOfRange.statusCode).toBe(400);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(u.h, 'POST', '/course-evaluation', evaluation(cat.paid))),
    );
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ALREADY_EXISTS')).toBe(
      true,
    );
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const { rows } = await t.db.$client.query(`select answers from course_evaluations where user_id = $1`, [
      u.user.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].answers).toEqual([
      { questionId: Q.rating, rating: 5 },
      { questionId: Q.choice, choiceId: 'now' },
      { questionId: Q.text, text: 'ดีมาก' },
    ]);
  });

  it('answers its status to the learner and an admin only', async () => {
    const u = await graduate();
    const other = await learner();
    const url = `/course-evaluation/status/${cat.paid}/${u.user.id}`;
    const own = (await call(u.h, 'GET', url)).json();
    expect(own.evaluated).toBe(true);
    expect(new Date(own.evaluatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(other.h, 'GET', url)).statusCode).toBe(404);
    const admin = await register(t.app);
    await t.db.$client.query(`update users set role = 'admin' where id = $1`, [admin.user.id]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: admin.email, password: PASSWORD, device: device('admin') },
    });
    expect((await call(bearer(login.json().access_token), 'GET', url)).json().evaluated).toBe(true);
    expect(
      (await call(other.h, 'GET', `/course-evaluation/status/${cat.paid}/${other.user.id}`)).json(),
    ).toEqual({
      evaluated: false,
      evaluatedAt: null,
    });
    const questions = (await call(other.h, 'GET', '/course-evaluation-question/active')).json();
    expect(questions.map((q: { id: string }) => q.id)).toEqual([Q.rating, Q.choice, Q.text]);
  });
});

describe('certificates', () => {
  it('is refused before completion and before the required evaluation', async () => {
    const u = await learner();
    const early = await call(u.h, 'GET', `/media/get-certificate/${cat.paid}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('COURSE_NOT_COMPLETED');
    for (const e of cat.paidEpisodes.slice(1)) await watch(u.h, cat.paid, e);
    await passPostTest(u.h);
    const unevaluated = await call(u.h, 'GET', `/media/get-certificate/${cat.paid}`);
    expect(unevaluated.json().code).toBe('EVALUATION_REQUIRED');
    const stranger = await register(t.app);
    expect(
      (await call(bearer(stranger.access_token), 'GET', `/media/get-certificate/${cat.paid}`)).json().code,
    ).toBe('NO_ACCESS');
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from certificates where user_id = $1`,
      [u.user.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('is issued once under 20 simultaneous requests, as an A4 landscape PDF with the Thai name, course, code and a QR code', async () => {
    const u = await graduate('ศิริพร');
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(u.h, 'GET', `/media/get-certificate/${cat.paid}`)),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const { rows } = await t.db.$client.query(`select code, pdf_key from certificates where user_id = $1`, [
      u.user.id,
    ]);
    expect(rows).toHaveLength(1);
    const code = rows[0].code as string;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(new Set(all.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    const res = all[0]!;
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="certificate-${code}.pdf"`);
    const { text, qr, size } = await pdfText(res.rawPayload);
    expect(text).toContain('ศิริพร ตั้งใจเรียน');
    expect(text).toContain('ลงทุนหุ้นเบื้องต้น');
    expect(text).toContain(code);
    expect(text).toMatch(/ให้ไว้ ณ วันที่ \d{1,2} \S+ พ\.ศ\. 25\d\d/);
    expect(qr).toBe(`http://rianroo.test/certificates/${code}`);
    expect(size.map(Math.round)).toEqual([842, 595]);
    // Stored once: the next download is the stored file.
    expect(await t.app.storage.readAll(rows[0].pdf_key)).toEqual(res.rawPayload);
    const again = await call(u.h, 'GET', `/media/get-certificate/${cat.paid}`);
    expect(again.rawPayload).toEqual(res.rawPayload);
    // Listed for the learner, and in the library.
    const mine = (await call(u.h, 'GET', '/users/certificates')).json();
    expect(mine).toEqual([
      expect.objectContaining({ code, courseId: cat.paid, learnerName: 'ศิริพร ตั้งใจเรียน', revokedAt: null }),
    ]);
    const course = (await call(u.h, 'GET', '/users/my-course'))
      .json()
      .find((c: { id: string }) => c.id === cat.paid);
    expect(course.certificateCode).toBe(code);
  });

  it('is verified publicly; a revoked or unknown code says so', async () => {
    const u = await graduate();
    await call(u.h, 'GET', `/media/get-certificate/${cat.paid}`);
    const [{ code }] = (await call(u.h, 'GET', '/users/certificates')).json();
    const ok = await t.app.inject(`/api/certificates/verify/${code.toLowerCase()}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      code,
      status: 'valid',
      learnerName: 'สมหญิง ตั้งใจเรียน',
      courseTitle: 'ลงทุนหุ้นเบื้องต้น',
    });
    expect((await t.app.inject('/api/certificates/verify/ZZZZZZZZZZZZ')).statusCode).toBe(404);
    expect((await t.app.inject('/api/certificates/verify/%00%27--')).statusCode).toBe(400);
    await t.db.$client.query(
      `update certificates set revoked_at = now(), revoke_reason = 'test' where code = $1`,
      [code],
    );
    expect((await t.app.inject(`/api/certificates/verify/${code}`)).json()).toMatchObject({
      status: 'revoked',
    });
    const refused = await call(u.h, 'GET', `/media/get-certificate/${cat.paid}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CERTIFICATE_REVOKED');
  });

  it('is e-mailed to the learner with the PDF attached, over SMTP', async () => {
    const u = await graduate();
    const res = await call(u.h, 'POST', '/media/get-certificate-to-email', { courseId: cat.paid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, to: u.email });
    const mail = await smtp.waitFor(u.email, /ใบประกาศ/);
    expect(mail.subject).toBe('ใบประกาศนียบัตร: ลงทุนหุ้นเบื้องต้น');
    const [{ code }] = (await call(u.h, 'GET', '/users/certificates')).json();
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`certificate-${code}.pdf`, 'application/pdf'],
    ]);
    expect((await pdfText(mail.attachments[0]!.content)).text).toContain(code);
    expect(mail.text).toContain(`http://rianroo.test/certificates/${code}`);
  });
});

describe('evaluation questions changing while learners submit', () => {
  /** Polls the database (no fixed sleep) until `ready` holds; fails after many tries. */
  const until = async (what: string, ready: () => Promise<boolean>) => {
    for (let i = 0; i < 2000; i++) if (await ready()) return;
    throw new Error(`never: ${what}`);
  };

  it('a submission held up after reading the questions stores its answers before the question can be deleted (QUESTION_ANSWERED)', async () => {
    const a = await register(t.app, {}, '10.15.1.1');
    await t.db.$client.query(`update users set role = 'admin' where id = $1`, [a.user.id]);
    const u = await register(t.app, {}, '10.15.1.2');
    const h = bearer(u.access_token);
    for (const e of cat.freeEpisodes) expect((await watch(h, cat.free, e)).statusCode).toBe(200);
    const x = uuidv7();
    await t.db.insert(evaluationQuestions).values({
      id: x,
      sort: 50,
      kind: 'text',
      promptTh: 'อะไรที่ควรปรับปรุง',
      promptEn: 'What should improve?',
    });
    // Another transaction holds this learner's evaluation key: the submission reads the questions, then waits
    // at its insert, exactly between reading and storing.
    const blocker = await t.db.$client.connect();
    try {
      await blocker.query('begin');
      await blocker.query(
        `insert into course_evaluations (id, user_id, course_id, answers) values ($1, $2, $3, '[]')`,
        [uuidv7(), u.user.id, cat.free],
      );
      const waiting = async (sql: string) => (await t.db.$client.query<{ n: number }>(sql)).rows[0]!.n > 0;
      const body = {
        courseId: cat.free,
        answers: [...evaluation(cat.free).answers, { questionId: x, text: 'เสียงเบาไป' }],
      };
      const submitted = call(h, 'POST', '/course-evaluation', body);
      await until('the submission waits at its insert', () =>
        waiting(`select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock' and query ilike 'insert into course_evaluations%'`),
      );
      let settled = false;
      const deleted = t.app
        .inject({
          method: 'DELETE',
          url: `/api/admin/evaluation-questions/${x}`,
          headers: bearer(a.access_token),
        })
        .finally(() => (settled = true));
      // The deletion either finishes at once (nothing holds it) or waits for the form's lock.
      await until(
        'the deletion is done or waits',
        async () =>
          settled ||
          waiting(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`),
      );
      await blocker.query('rollback');
      const [s, d] = await Promise.all([submitted, deleted]);
      expect(s.statusCode).toBe(201);
      expect([d.statusCode, d.body ? d.json().code : null]).toEqual([409, 'QUESTION_ANSWERED']);
      const { rows } = await t.db.$client.query<{ dangling: number }>(
        `select count(*)::int as dangling from course_evaluations e, jsonb_array_elements(e.answers) y
          where e.user_id = $1 and not exists (select 1 from evaluation_questions q where q.id::text = y->>'questionId')`,
        [u.user.id],
      );
      expect(rows[0]!.dangling).toBe(0);
    } finally {
      blocker.release();
    }
  });

  it('a question deleted before the submission reads the form: refused whole with 409 EVALUATION_CHANGED', async () => {
    const a = await register(t.app, {}, '10.15.1.4');
    await t.db.$client.query(`update users set role = 'admin' where id = $1`, [a.user.id]);
    const u = await register(t.app, {}, '10.15.1.3');
    const h = bearer(u.access_token);
    for (const e of cat.freeEpisodes) expect((await watch(h, cat.free, e)).statusCode).toBe(200);
    const gone = uuidv7();
    await t.db.insert(evaluationQuestions).values({
      id: gone,
      sort: 51,
      kind: 'text',
      promptTh: 'คำถามที่จะถูกลบ',
      promptEn: 'To be deleted',
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/evaluation-questions/${gone}`,
      headers: bearer(a.access_token),
    });
    expect(del.statusCode).toBe(204);
    const res = await call(h, 'POST', '/course-evaluation', {
      courseId: cat.free,
      answers: [...evaluation(cat.free).answers, { questionId: gone, text: 'ตอบคำถามที่ถูกลบไปแล้ว' }],
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'EVALUATION_CHANGED']);
    const { rows } = await t.db.$client.query(`select 1 from course_evaluations where user_id = $1`, [
      u.user.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('a question deleted while 12 learners submit: each evaluation is stored whole or refused (EVALUATION_CHANGED), none points at nothing', async () => {
    const a = await register(t.app);
    await t.db.$client.query(`update users set role = 'admin' where id = $1`, [a.user.id]);
    const learners = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const u = await register(t.app, {}, `10.15.0.${i + 1}`);
        const h = bearer(u.access_token);
        for (const e of cat.freeEpisodes) expect((await watch(h, cat.free, e)).statusCode).toBe(200);
        expect((await call(h, 'GET', `/course/${cat.free}/completion`)).json().completed).toBe(true);
        return { id: u.user.id, h };
      }),
    );
    const outcomes = new Set<string>();
    // Round after round (the same learners, their evaluations cleared): a new optional question, answered by
    // every learner while an administrator deletes it.
    for (let round = 0; round < 15; round++) {
      const x = uuidv7();
      await t.db.insert(evaluationQuestions).values({
        id: x,
        sort: 10 + round,
        kind: 'text',
        promptTh: 'อะไรที่ควรปรับปรุง',
        promptEn: 'What should improve?',
      });
      const body = {
        courseId: cat.free,
        answers: [...evaluation(cat.free).answers, { questionId: x, text: `รอบ ${round}` }],
      };
      const del = () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/evaluation-questions/${x}`,
          headers: bearer(a.access_token),
        });
      const submits = learners.map((l) => () => call(l.h, 'POST', '/course-evaluation', body));
      // The deletion goes out in the middle of the submissions.
      const results = await Promise.all([...submits.slice(0, 6), del, ...submits.slice(6)].map((f) => f()));
      const deleted = results.splice(6, 1)[0]!;
      const outcome = (r: (typeof results)[number]) =>
        r.statusCode < 300 ? String(r.statusCode) : `${r.statusCode} ${r.json().code}`;
      expect(['204', '409 QUESTION_ANSWERED']).toContain(outcome(deleted));
      for (const r of results) expect(['201', '409 EVALUATION_CHANGED']).toContain(outcome(r));
      const { rows } = await t.db.$client.query<{ answers: { questionId: string }[] }>(
        `select answers from course_evaluations where course_id = $1 and user_id = any($2::uuid[])`,
        [cat.free, learners.map((l) => l.id)],
      );
      // Stored exactly for those told so, whole (every answer sent), each answer pointing at a question.
      expect(rows).toHaveLength(results.filter((r) => r.statusCode === 201).length);
      const { rows: live } = await t.db.$client.query<{ id: string }>(`select id from evaluation_questions`);
      const ids = new Set(live.map((q) => q.id));
      for (const row of rows) {
        expect(row.answers.map((y) => y.questionId)).toEqual(body.answers.map((y) => y.questionId));
        expect(row.answers.filter((y) => !ids.has(y.questionId))).toEqual([]);
      }
      // The deletion went through exactly when no evaluation kept an answer to the question.
      expect(outcome(deleted) === '204').toBe(rows.length === 0);
      outcomes.add(outcome(deleted));
      await t.db.$client.query(
        `delete from course_evaluations where course_id = $1 and user_id = any($2::uuid[])`,
        [cat.free, learners.map((l) => l.id)],
      );
      await t.db.$client.query(`update evaluation_questions set active = false where id = $1`, [x]);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('a certificate issued before its course is taken back to draft', () => {
  it("stays its owner's: downloaded and e-mailed as before, while the course is not published", async () => {
    const u = await register(t.app);
    const h = bearer(u.access_token);
    expect((await watchThrough(t, h, cat.free, cat.freeEpisodes)).statusCode).toBe(200);
    const get = () => t.app.inject({ url: `/api/media/get-certificate/${cat.free}`, headers: h });
    expect((await get()).statusCode).toBe(200);

    const admin = bearer((await adminUser(t)).token);
    const unpublish = t.app.inject({
      method: 'POST',
      url: `/api/admin/courses/${cat.free}/unpublish`,
      headers: admin,
    });
    expect((await unpublish).statusCode).toBe(200);
    try {
      const again = await get();
      expect([again.statusCode, again.headers['content-type']]).toEqual([200, 'application/pdf']);
      const mail = await t.app.inject({
        method: 'POST',
        url: '/api/media/get-certificate-to-email',
        headers: h,
        payload: { courseId: cat.free },
      });
      expect(mail.statusCode).toBe(200);
      expect(mail.json()).toEqual({ sent: true, to: u.email });
      // It arrived at the mail server, to the learner, with this certificate's PDF attached.
      const { rows } = await t.db.$client.query<{ code: string }>(
        `select code from certificates where user_id = $1 and course_id = $2`,
        [u.user.id, cat.free],
      );
      const code = rows[0]!.code;
      const arrived = await smtp.waitFor(u.email, /ใบประกาศ/);
      expect(JSON.stringify(arrived.to)).toContain(u.email);
      expect(arrived.subject).toBe('ใบประกาศนียบัตร: ออมเงินฉบับเริ่มต้น');
      expect(arrived.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`certificate-${code}.pdf`, 'application/pdf'],
      ]);
      const attached = arrived.attachments[0]!.content;
      expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await pdfText(attached)).text).toContain(code);
      expect(arrived.text).toContain(`http://rianroo.test/certificates/${code}`);
      // A learner without a certificate gets none of a course that is not published.
      const other = await register(t.app);
      const none = await t.app.inject({
        url: `/api/media/get-certificate/${cat.free}`,
        headers: bearer(other.access_token),
      });
      expect([none.statusCode, none.json().code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      // The seeded course has no videos to publish with: back as it was, for the tests after this one.
      await t.db.$client.query(`update courses set status = 'published' where id = $1`, [cat.free]);
    }
  });
});
