import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { seedCatalogue, subscribe } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let admin: { token: string; id: string };
let cat: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
  cat = await seedCatalogue(t);
});
afterAll(() => t?.close());

const call = (
  method: string,
  url: string,
  payload?: unknown,
  h: Record<string, string> = bearer(admin.token),
) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const audit = async (entityId: string) =>
  (
    await t.db.$client.query(
      `select actor_id, action, before, after from audit_log where entity_id = $1 order by at, id`,
      [entityId],
    )
  ).rows;

const single = (prompt = 'ข้อใดถูก', right = 1) => ({
  kind: 'single',
  prompt,
  points: 1,
  choices: ['ก', 'ข', 'ค'].map((label, i) => ({ label, correct: i === right })),
});

/** A fresh course (of the seeded kind: published, one episode) and a quiz on its episode. */
async function quizOnNewEpisode() {
  const courseId = cat.paid;
  const course = (await call('POST', `/admin/courses/${courseId}/episodes`, { title: 'ตอนเพิ่ม' })).json();
  const episode = course.episodes.at(-1);
  // A new episode of a published course starts hidden until its video is ready; the seeded course's episodes
  // are shown without one, and so is this one.
  await t.db.$client.query(`update episodes set published = true where id = $1`, [episode.id]);
  const res = await call('POST', `/admin/courses/${courseId}/assessments`, {
    kind: 'episode_quiz',
    episodeId: episode.id,
    title: 'แบบทดสอบท้ายตอน',
    passingScore: 50,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('assessment editing', () => {
  it('creates an episode quiz and the course tests once each, audited; a quiz needs its episode', async () => {
    const quiz = await quizOnNewEpisode();
    expect(quiz).toMatchObject({ kind: 'episode_quiz', passingScore: 50, questions: [], attemptCount: 0 });
    const again = await call('POST', `/admin/courses/${cat.paid}/assessments`, {
      kind: 'episode_quiz',
      episodeId: quiz.episodeId,
      title: 'ซ้ำ',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_EXISTS');
    const noEpisode = await call('POST', `/admin/courses/${cat.paid}/assessments`, {
      kind: 'episode_quiz',
      title: 'ไม่มีตอน',
    });
    expect(noEpisode.statusCode).toBe(400);
    expect(noEpisode.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const otherCourse = await call('POST', `/admin/courses/${cat.free}/assessments`, {
      kind: 'episode_quiz',
      episodeId: quiz.episodeId,
      title: 'ตอนของคอร์สอื่น',
    });
    expect(otherCourse.statusCode).toBe(404);
    const pre = await call('POST', `/admin/courses/${cat.free}/assessments`, {
      kind: 'pre_test',
      title: 'ก่อนเรียน',
      skippable: true,
    });
    expect(pre.statusCode).toBe(201);
    const list = (await call('GET', `/admin/courses/${cat.free}/assessments`)).json();
    expect(list.items.map((a: { kind: string }) => a.kind)).toEqual(['pre_test']);
    expect(await audit(quiz.id)).toMatchObject([
      { actor_id: admin.id, action: 'assessment.create', before: null },
    ]);
  });

  it('says when learners do not see a published test: no live question (none yet, or all retired)', async () => {
    const res = await call('POST', `/admin/courses/${cat.free}/assessments`, {
      kind: 'post_test',
      title: 'หลังเรียน',
    });
    expect(res.json()).toMatchObject({ published: true, questions: [], learnersSee: false });
    const added = (await call('POST', `/admin/assessments/${res.json().id}/questions`, single())).json();
    expect(added.learnersSee).toBe(true);
    const retired = await call('PUT', `/admin/assessment-questions/${added.questions[0].id}/retired`, {
      retired: true,
    });
    expect(retired.json()).toMatchObject({ published: true, learnersSee: false });
  });

  it('refuses a question without a right choice, or single choice with two, in the one error shape', async () => {
    const quiz = await quizOnNewEpisode();
    const none = await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ไม่มีข้อถูก', -1));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'choices', message: 'Mark the right choice' })],
    });
    const two = await call('POST', `/admin/assessments/${quiz.id}/questions`, {
      ...single(),
      choices: [
        { label: 'ก', correct: true },
        { label: 'ข', correct: true },
      ],
    });
    expect(two.statusCode).toBe(400);
    const tf = await call('POST', `/admin/assessments/${quiz.id}/questions`, {
      kind: 'true_false',
      prompt: 'จริงหรือไม่',
      choices: [{ label: 'จริง', correct: true }],
    });
    expect(tf.statusCode).toBe(400);
    expect((await call('GET', `/admin/assessments/${quiz.id}`)).json().questions).toEqual([]);
    expect((await audit(quiz.id)).map((r) => r.action)).toEqual(['assessment.create']);
  });

  it('adds, edits, orders and deletes questions with their right answers, each write audited', async () => {
    const quiz = await quizOnNewEpisode();
    await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อหนึ่ง'));
    const multi = await call('POST', `/admin/assessments/${quiz.id}/questions`, {
      kind: 'multiple',
      prompt: 'ข้อสอง',
      points: 2,
      choices: [
        { label: 'ก', correct: true },
        { label: 'ข', correct: true },
        { label: 'ค', correct: false },
      ],
    });
    expect(multi.statusCode).toBe(200);
    let a = multi.json();
    expect(a.questions.map((q: { sort: number; prompt: string }) => [q.sort, q.prompt])).toEqual([
      [1, 'ข้อหนึ่ง'],
      [2, 'ข้อสอง'],
    ]);
    const [q1, q2] = a.questions;
    expect([q1.topic, q2.topic]).toEqual(['', '']);
    const edited = await call('PUT', `/admin/assessment-questions/${q2.id}`, {
      kind: 'multiple',
      prompt: 'ข้อสอง (แก้)',
      topic: '  งบดุล  ',
      points: 2,
      choices: [
        { id: q2.choices[0].id, label: 'ก', correct: true },
        { id: q2.choices[2].id, label: 'ค', correct: true },
        { label: 'ง', correct: false },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const q2After = edited.json().questions[1];
    expect([q2After.prompt, q2After.topic]).toEqual(['ข้อสอง (แก้)', 'งบดุล']);
    // A topic of 121 characters is refused (120 is the most), and nothing is added.
    const long = await call('POST', `/admin/assessments/${quiz.id}/questions`, {
      ...single('ข้อสาม'),
      topic: 'ก'.repeat(121),
    });
    expect(long.statusCode).toBe(400);
    expect(q2After.choices.map((c: { label: string; correct: boolean }) => [c.label, c.correct])).toEqual([
      ['ก', true],
      ['ค', true],
      ['ง', false],
    ]);
    expect(q2After.choices[0].id).toBe(q2.choices[0].id);
    const foreign = await call('PUT', `/admin/assessment-questions/${q1.id}`, {
      ...single(),
      choices: [
        { id: q2.choices[0].id, label: 'ของข้ออื่น', correct: true },
        { label: 'ข', correct: false },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    a = (
      await call('PUT', `/admin/assessments/${quiz.id}/question-order`, { questionIds: [q2.id, q1.id] })
    ).json();
    expect(a.questions.map((q: { id: string }) => q.id)).toEqual([q2.id, q1.id]);
    const stale = await call('PUT', `/admin/assessments/${quiz.id}/question-order`, { questionIds: [q1.id] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    a = (await call('DELETE', `/admin/assessment-questions/${q2.id}`)).json();
    expect(a.questions.map((q: { id: string; sort: number }) => [q.id, q.sort])).toEqual([[q1.id, 1]]);
    const settings = await call('PATCH', `/admin/assessments/${quiz.id}`, {
      passingScore: 80,
      maxAttempts: 3,
      version: a.version,
    });
    expect(settings.json()).toMatchObject({ passingScore: 80, maxAttempts: 3 });
    const rows = await audit(quiz.id);
    expect(rows.map((r) => r.action)).toEqual([
      'assessment.create',
      'question.create',
      'question.create',
      'question.update',
      'assessment.order',
      'question.delete',
      'assessment.update',
    ]);
    expect(rows.at(-1)).toMatchObject({ before: { passingScore: 50 }, after: { passingScore: 80 } });
  });

  it("a settings edit based on an old read is refused (EDIT_CONFLICT), never undoing another administrator's; of edits at once from one read one wins", async () => {
    const quiz = await quizOnNewEpisode();
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PATCH', `/admin/assessments/${quiz.id}`, {
          title: `ชื่อแบบทดสอบ ${i}`,
          passingScore: 50 + i,
          timeLimitSeconds: 60 * (i + 1),
          published: i % 2 === 0,
          version: quiz.version,
        }),
      ),
    );
    const won = edits.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of edits.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, r.json().code]).toEqual([409, 'EDIT_CONFLICT']);
    const { title, passingScore, timeLimitSeconds, published, version } = won[0]!.json();
    expect(version).not.toBe(quiz.version);
    expect((await call('GET', `/admin/assessments/${quiz.id}`)).json()).toMatchObject({
      title,
      passingScore,
      timeLimitSeconds,
      published,
      version,
    });
    expect((await audit(quiz.id)).filter((r) => r.action === 'assessment.update')).toHaveLength(1);

    // An edit without the version it is based on is bad input.
    const blind = await call('PATCH', `/admin/assessments/${quiz.id}`, { passingScore: 10 });
    expect([blind.statusCode, blind.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    // Questions added, edited or ordered are no edit of the settings: a settings form read before them saves.
    const q = (await call('POST', `/admin/assessments/${quiz.id}/questions`, single())).json().questions[0];
    await call('PUT', `/admin/assessment-questions/${q.id}`, single('ข้อที่แก้แล้ว'));
    const saved = await call('PATCH', `/admin/assessments/${quiz.id}`, { passingScore: 70, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ passingScore: 70, title, questions: [{ prompt: 'ข้อที่แก้แล้ว' }] });
  });

  it('refuses non-administrators', async () => {
    const learner = await register(t.app);
    const res = await call(
      'GET',
      `/admin/courses/${cat.paid}/assessments`,
      undefined,
      bearer(learner.access_token),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("learners' attempts survive editing", () => {
  let n = 0;
  async function learner() {
    // Sign-ups are limited per address: each learner signs up from its own.
    const u = await register(t.app, {}, `10.9.${Math.floor(++n / 250)}.${n % 250}`);
    await subscribe(t, u.user.id);
    return bearer(u.access_token);
  }

  it("a learner's earlier attempt still reads back after the question is edited and retired", async () => {
    const quiz = await quizOnNewEpisode();
    await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อแรก', 0));
    const added = (await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อสอง', 2))).json();
    const [q1, q2] = added.questions;
    const h = await learner();
    await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    const answers = [
      { questionId: q1.id, choiceIds: [q1.choices[0].id] },
      { questionId: q2.id, choiceIds: [q2.choices[0].id] },
    ];
    expect(
      (await call('POST', '/assessment-response', { assessmentId: quiz.id, answers }, h)).statusCode,
    ).toBe(200);
    const graded = (await call('POST', '/assessment-result', { assessmentId: quiz.id }, h)).json();
    expect(graded).toMatchObject({ score: 50, passed: true });

    const shown = (await call('GET', `/admin/assessments/${quiz.id}`)).json();
    expect(shown.questions.map((q: { answered: boolean }) => q.answered)).toEqual([true, true]);
    // Wording may be corrected; what the grade rests on may not.
    const wording = await call('PUT', `/admin/assessment-questions/${q2.id}`, {
      kind: 'single',
      prompt: 'ข้อสอง (สะกดใหม่)',
      points: 1,
      choices: q2.choices.map((c: { id: string; correct: boolean }, i: number) => ({
        id: c.id,
        label: `ตัวเลือก ${i}`,
        correct: c.correct,
      })),
    });
    expect(wording.statusCode).toBe(200);
    const rekey = await call('PUT', `/admin/assessment-questions/${q2.id}`, {
      kind: 'single',
      prompt: 'ข้อสอง',
      points: 1,
      choices: q2.choices.map((c: { id: string; label: string }, i: number) => ({
        id: c.id,
        label: c.label,
        correct: i === 0,
      })),
    });
    expect(rekey.statusCode).toBe(409);
    expect(rekey.json().code).toBe('QUESTION_ANSWERED');
    const del = await call('DELETE', `/admin/assessment-questions/${q2.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('QUESTION_ANSWERED');
    const retired = await call('PUT', `/admin/assessment-questions/${q2.id}/retired`, { retired: true });
    expect(retired.json().questions[1]).toMatchObject({ id: q2.id, retired: true });

    const results = (await call('GET', `/assessment-result?assessmentId=${quiz.id}`, undefined, h)).json();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      attemptId: graded.attemptId,
      score: 50,
      pointsEarned: 1,
      pointsTotal: 2,
    });
    // The grading as it was; the wording as corrected since.
    const grading = (
      qs: { questionId: string; correct: boolean; pointsEarned: number; choiceIds: string[] }[],
    ) => qs.map((q) => [q.questionId, q.correct, q.pointsEarned, q.choiceIds]);
    expect(grading(results[0].questions)).toEqual(grading(graded.questions));
    expect(results[0].questions[1].prompt).toBe('ข้อสอง (สะกดใหม่)');
    expect(results[0].questions[1].choices.map((c: { label: string }) => c.label)).toEqual([
      'ตัวเลือก 0',
      'ตัวเลือก 1',
      'ตัวเลือก 2',
    ]);

    // A new attempt asks only the questions still in use.
    const detail = (await call('GET', `/assessment/${quiz.id}`, undefined, h)).json();
    expect(detail.questions.map((q: { id: string }) => q.id)).toEqual([q1.id]);
    expect(detail.questionCount).toBe(1);
  });

  it("a new question naming another question's choices is refused; the other (answered) question keeps its own", async () => {
    const quiz = await quizOnNewEpisode();
    const q = (await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อแรก', 0))).json()
      .questions[0];
    const h = await learner();
    await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    const answers = [{ questionId: q.id, choiceIds: [q.choices[0].id] }];
    await call('POST', '/assessment-result', { assessmentId: quiz.id, answers }, h);
    const before = (await call('GET', `/admin/assessments/${quiz.id}`)).json().questions[0];
    expect(before.answered).toBe(true);

    // Another test: a question whose choices carry the answered question's ids, the right one moved.
    const other = await quizOnNewEpisode();
    const added = await call('POST', `/admin/assessments/${other.id}/questions`, {
      kind: 'single',
      prompt: 'ข้อใหม่',
      points: 1,
      choices: q.choices.map((c: { id: string }, i: number) => ({
        id: c.id,
        label: `ใหม่ ${i}`,
        correct: i === 1,
      })),
    });
    expect([added.statusCode, added.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await call('GET', `/admin/assessments/${quiz.id}`)).json().questions[0]).toEqual(before);
    expect((await call('GET', `/admin/assessments/${other.id}`)).json().questions).toEqual([]);
  });

  it('a question deleted while learners start attempts is either refused or never in their attempts', async () => {
    const quiz = await quizOnNewEpisode();
    await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อคงอยู่'));
    let deleted = 0;
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const a = (
        await call('POST', `/admin/assessments/${quiz.id}/questions`, single(`ข้อชั่วคราว ${round}`))
      ).json();
      const q = a.questions.at(-1);
      const learners = await Promise.all([1, 2, 3, 4].map(() => learner()));
      // Every learner's cache holds the question before the race.
      await Promise.all(learners.map((h) => call('GET', `/assessment/${quiz.id}`, undefined, h)));
      const [del, ...starts] = await Promise.all([
        call('DELETE', `/admin/assessment-questions/${q.id}`),
        ...learners.map((h) =>
          call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h),
        ),
      ]);
      expect(starts.map((s) => s.statusCode)).toEqual([200, 200, 200, 200]);
      const { rows } = await t.db.$client.query<{ n: number }>(
        `select count(*)::int as n from assessment_attempts where assessment_id = $1 and $2 = any(question_order)`,
        [quiz.id, q.id],
      );
      if (del.statusCode === 200) {
        deleted++;
        expect(rows[0]!.n).toBe(0);
      } else {
        refused++;
        expect(del.json().code).toBe('QUESTION_ANSWERED');
        expect(rows[0]!.n).toBeGreaterThan(0);
        await call('PUT', `/admin/assessment-questions/${q.id}/retired`, { retired: true });
      }
    }
    expect(deleted + refused).toBe(8);
  });

  it('questions added at once take distinct places', async () => {
    const quiz = await quizOnNewEpisode();
    const res = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', `/admin/assessments/${quiz.id}/questions`, single(`ข้อ ${i}`)),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const a = (await call('GET', `/admin/assessments/${quiz.id}`)).json();
    expect(a.questions.map((q: { sort: number }) => q.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a test learners have taken is not deleted; an untaken one is', async () => {
    const quiz = await quizOnNewEpisode();
    await call('POST', `/admin/assessments/${quiz.id}/questions`, single());
    const h = await learner();
    expect(
      (await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h)).statusCode,
    ).toBe(200);
    const taken = (await call('GET', `/admin/assessments/${quiz.id}`)).json();
    expect(taken).toMatchObject({ attemptCount: 1, questions: [expect.anything()] });
    const refused = await call('DELETE', `/admin/assessments/${quiz.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'QUESTION_ANSWERED' });
    // Read again: the taken test is all there as it was (settings, questions, choices, its attempt), the learner
    // still has it, and no deletion was audited.
    const reread = await call('GET', `/admin/assessments/${quiz.id}`);
    expect(reread.statusCode).toBe(200);
    expect(reread.json()).toEqual(taken);
    const { rows: attempts } = await t.db.$client.query(
      `select count(*)::int as n from assessment_attempts where assessment_id = $1`,
      [quiz.id],
    );
    expect(attempts[0].n).toBe(1);
    expect((await call('GET', `/assessment/${quiz.id}`, undefined, h)).statusCode).toBe(200);
    expect((await audit(quiz.id)).map((r) => r.action)).not.toContain('assessment.delete');
    const post = (
      await call('POST', `/admin/courses/${cat.paid}/assessments`, { kind: 'post_test', title: 'หลังเรียน' })
    ).json();
    expect((await call('DELETE', `/admin/assessments/${post.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/admin/assessments/${post.id}`)).statusCode).toBe(404);
    expect((await audit(post.id)).map((r) => r.action)).toEqual(['assessment.create', 'assessment.delete']);
  });
  it('an attempt is graded at the pass mark it started under, not at one an editor set meanwhile', async () => {
    const quiz = await quizOnNewEpisode();
    await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อแรก', 0));
    const [q1, q2] = (
      await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อสอง', 0))
    ).json().questions;
    const half = [
      { questionId: q1.id, choiceIds: [q1.choices[0].id] },
      { questionId: q2.id, choiceIds: [q2.choices[1].id] },
    ];
    const h = await learner();
    await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    const saved = await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: half }, h);
    expect(saved.statusCode, saved.body).toBe(200);
    const raise = await call('PATCH', `/admin/assessments/${quiz.id}`, {
      passingScore: 100,
      version: quiz.version,
    });
    expect(raise.statusCode, raise.body).toBe(200);
    // The learner is told the mark this attempt is graded at.
    const during = (await call('GET', `/assessment/${quiz.id}`, undefined, h)).json();
    expect(during.passingScore).toBe(50);
    const graded = await call('POST', '/assessment-result', { assessmentId: quiz.id }, h);
    expect(graded.json()).toMatchObject({ score: 50, passed: true });
    // The next attempt starts under the new mark.
    await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    const next = await call('POST', '/assessment-result', { assessmentId: quiz.id, answers: half }, h);
    expect(next.json()).toMatchObject({ number: 2, score: 50, passed: false });
  });

  it('a learner whose test is unpublished mid-attempt still saves and hands it in (graded, counted); none starts anew', async () => {
    const quiz = await quizOnNewEpisode();
    const q = (await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อเดียว', 0))).json()
      .questions[0];
    const right = [{ questionId: q.id, choiceIds: [q.choices[0].id] }];
    const [h, other] = await Promise.all([learner(), learner()]);
    await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    const hide = await call('PATCH', `/admin/assessments/${quiz.id}`, {
      published: false,
      version: quiz.version,
    });
    expect(hide.statusCode, hide.body).toBe(200);

    const saved = await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: right }, h);
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await call('POST', '/assessment-result', { assessmentId: quiz.id }, h);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ number: 1, score: 100, passed: true });
    // Handed in again (a second tab): the same result.
    const again = await call(
      'POST',
      '/assessment-result',
      { assessmentId: quiz.id, attemptId: result.json().attemptId },
      h,
    );
    expect(again.json()).toMatchObject({ attemptId: result.json().attemptId, score: 100 });
    const { rows } = await t.db.$client.query(
      `select status, passed from assessment_attempts where assessment_id = $1`,
      [quiz.id],
    );
    expect(rows).toEqual([{ status: 'submitted', passed: true }]);

    // Nothing new starts on a test learners do not see, for this learner or another.
    for (const who of [h, other]) {
      const start = await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, who);
      expect([start.statusCode, start.json().code]).toEqual([404, 'NOT_FOUND']);
      const submit = await call('POST', '/assessment-result', { assessmentId: quiz.id }, who);
      expect([submit.statusCode, submit.json().code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe("a test hidden since a learner took it (learners' data first)", () => {
  it('its learner still reads the test with their attempt, then their result (live: false, no new start); others get 404', async () => {
    const quiz = await quizOnNewEpisode();
    const q = (await call('POST', `/admin/assessments/${quiz.id}/questions`, single('ข้อเดียว', 0))).json()
      .questions[0];
    const u = await register(t.app, {}, '10.8.0.1');
    await subscribe(t, u.user.id);
    const h = bearer(u.access_token);
    const other = await register(t.app, {}, '10.8.0.2');
    await subscribe(t, other.user.id);
    await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    const hide = await call('PATCH', `/admin/assessments/${quiz.id}`, {
      published: false,
      version: quiz.version,
    });
    expect(hide.statusCode, hide.body).toBe(200);

    // Read again mid-attempt (a reload): the attempt to finish, on its questions.
    const during = await call('GET', `/assessment/${quiz.id}`, undefined, h);
    expect(during.statusCode, during.body).toBe(200);
    expect(during.json()).toMatchObject({ live: false, attemptsUsed: 1, questions: [{ id: q.id }] });
    expect(during.json().inProgress).not.toBeNull();
    const answers = [{ questionId: q.id, choiceIds: [q.choices[0].id] }];
    const result = await call('POST', '/assessment-result', { assessmentId: quiz.id, answers }, h);
    expect(result.json()).toMatchObject({ score: 100, passed: true });

    // Read again after handing it in: the result, with the questions it is about.
    const after = await call('GET', `/assessment/${quiz.id}`, undefined, h);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({
      live: false,
      inProgress: null,
      attemptsUsed: 1,
      passed: true,
      bestScore: 100,
      questions: [{ id: q.id, prompt: 'ข้อเดียว' }],
    });
    const results = await call('GET', `/assessment-result?assessmentId=${quiz.id}`, undefined, h);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toMatchObject([{ attemptId: result.json().attemptId, score: 100 }]);
    const start = await call('POST', '/assessment-response', { assessmentId: quiz.id, answers: [] }, h);
    expect([start.statusCode, start.json().code]).toEqual([404, 'NOT_FOUND']);

    // A learner without attempts of it does not see it at all.
    const o = bearer(other.access_token);
    for (const url of [`/assessment/${quiz.id}`, `/assessment-result?assessmentId=${quiz.id}`]) {
      const res = await call('GET', url, undefined, o);
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    // Shown again: a live test for both.
    const show = await call('PATCH', `/admin/assessments/${quiz.id}`, {
      published: true,
      version: hide.json().version,
    });
    expect(show.statusCode, show.body).toBe(200);
    expect((await call('GET', `/assessment/${quiz.id}`, undefined, o)).json()).toMatchObject({ live: true });
  });
});

describe('evaluation questions', () => {
  const rating = { kind: 'rating', promptTh: 'พอใจแค่ไหน', promptEn: 'How satisfied?', required: true };

  it('adds, edits, orders and deletes questions; an answered one keeps its choices and is made inactive', async () => {
    const first = await call('POST', '/admin/evaluation-questions', rating);
    expect(first.statusCode).toBe(201);
    const choice = await call('POST', '/admin/evaluation-questions', {
      kind: 'choice',
      promptTh: 'รู้จักเราจากที่ไหน',
      promptEn: 'Where did you hear of us?',
      choices: [
        { labelTh: 'เพื่อน', labelEn: 'A friend' },
        { labelTh: 'โฆษณา', labelEn: 'An ad' },
      ],
    });
    const items = choice.json().items;
    const c = items.at(-1);
    expect(c.choices).toHaveLength(2);
    const oneChoice = await call('POST', '/admin/evaluation-questions', {
      ...rating,
      kind: 'choice',
      choices: [{ labelTh: 'เดียว', labelEn: 'One' }],
    });
    expect(oneChoice.statusCode).toBe(400);
    // Answers are stored by choice id: two choices of one id could not be told apart.
    const twice = { labelTh: 'ซ้ำ', labelEn: 'Twice', id: c.choices[0].id };
    for (const dup of [
      call('POST', '/admin/evaluation-questions', { ...rating, kind: 'choice', choices: [twice, twice] }),
      call('PUT', `/admin/evaluation-questions/${c.id}`, {
        ...rating,
        kind: 'choice',
        choices: [twice, twice],
      }),
    ]) {
      const res = await dup;
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await call('GET', '/admin/evaluation-questions')).json().items).toEqual(items);
    // A learner's evaluation answered it.
    await t.db.$client.query(
      `insert into course_evaluations (id, user_id, course_id, answers) values ($1, $2, $3, $4::jsonb)`,
      [uuidv7(), admin.id, cat.paid, JSON.stringify([{ questionId: c.id, choiceId: c.choices[0].id }])],
    );
    const drop = await call('PUT', `/admin/evaluation-questions/${c.id}`, {
      kind: 'choice',
      promptTh: c.promptTh,
      promptEn: c.promptEn,
      choices: [
        { id: c.choices[1].id, labelTh: 'โฆษณา', labelEn: 'An ad' },
        { labelTh: 'ใหม่', labelEn: 'New' },
      ],
    });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().code).toBe('QUESTION_ANSWERED');
    expect((await call('DELETE', `/admin/evaluation-questions/${c.id}`)).statusCode).toBe(409);
    const off = await call('PUT', `/admin/evaluation-questions/${c.id}`, {
      kind: 'choice',
      promptTh: c.promptTh,
      promptEn: c.promptEn,
      active: false,
      choices: c.choices,
    });
    expect(off.json().items.find((q: { id: string }) => q.id === c.id)).toMatchObject({
      active: false,
      answered: true,
    });
    const form = await call('GET', '/course-evaluation-question/active', undefined, bearer(admin.token));
    expect(form.statusCode).toBe(200);
    const asked = form.json().map((q: { id: string }) => q.id);
    expect(asked).toContain(items[0].id);
    expect(asked).not.toContain(c.id);
    const ids = off.json().items.map((q: { id: string }) => q.id);
    const ordered = await call('PUT', '/admin/evaluation-question-order', {
      questionIds: [...ids].reverse(),
    });
    expect(ordered.json().items.map((q: { id: string }) => q.id)).toEqual([...ids].reverse());
    const r = first.json().items.at(-1);
    expect((await call('DELETE', `/admin/evaluation-questions/${r.id}`)).statusCode).toBe(204);
    expect((await audit(r.id)).map((x) => x.action)).toEqual([
      'evaluation_question.create',
      'evaluation_question.delete',
    ]);
  });

  it('questions added at once take distinct places', async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/admin/evaluation-questions', { ...rating, promptEn: `Q${i}` }),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const sorts = (await call('GET', '/admin/evaluation-questions'))
      .json()
      .items.map((q: { sort: number }) => q.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  });
});
