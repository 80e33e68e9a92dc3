import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAssessment, MIXED, seedCatalogue, subscribe, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { adminUser } from './admin-fixture.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
type Made = Awaited<ReturnType<typeof addAssessment>>;
let quiz: Made; // after paid episode 2, two attempts
let teaserQuiz: Made; // after the paid teaser
let post: Made; // paid post-test, timed, shuffled, two attempts
let freeQuiz: Made; // free course, unlimited attempts
let allCorrectIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  quiz = await addAssessment(
    t,
    {
      courseId: cat.paid,
      episodeId: cat.paidEpisodes[1]!.id,
      kind: 'episode_quiz',
      maxAttempts: 2,
      passingScore: 75,
    },
    MIXED,
  );
  teaserQuiz = await addAssessment(
    t,
    { courseId: cat.paid, episodeId: cat.paidEpisodes[0]!.id, kind: 'episode_quiz' },
    [{ kind: 'true_false', choices: [true, false] }],
  );
  post = await addAssessment(
    t,
    { courseId: cat.paid, kind: 'post_test', maxAttempts: 2, timeLimitSeconds: 300, shuffleQuestions: true },
    [...MIXED, ...MIXED],
  );
  freeQuiz = await addAssessment(
    t,
    { courseId: cat.free, episodeId: cat.freeEpisodes[0]!.id, kind: 'episode_quiz' },
    MIXED,
  );
  allCorrectIds = [quiz, teaserQuiz, post, freeQuiz].flatMap((a) => a.questions.flatMap((q) => q.right));
});
afterAll(() => t.close());

async function member() {
  const u = await register(t.app);
  await subscribe(t, u.user.id);
  return { id: u.user.id, h: bearer(u.access_token) };
}
const call = (h: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload: payload as object } : {}) });
const start = (h: Record<string, string>, assessmentId: string) =>
  call(h, 'POST', '/assessment-response', { assessmentId, answers: [] });
const answer = (h: Record<string, string>, assessmentId: string, answers: unknown[]) =>
  call(h, 'POST', '/assessment-response', { assessmentId, answers });
const submit = (h: Record<string, string>, assessmentId: string, extra: object = {}) =>
  call(h, 'POST', '/assessment-result', { assessmentId, ...extra });
/** Watches every non-teaser episode of the paid course to the end: its post-test opens. */
const watchPaidEpisodes = async (h: Record<string, string>) => {
  expect((await watchThrough(t, h, cat.paid, cat.paidEpisodes.slice(1))).statusCode).toBe(200);
};
const rightAnswers = (a: Made) => a.questions.map((q) => ({ questionId: q.id, choiceIds: q.right }));

describe('assessments', () => {
  it('grades single, multiple (partial points) and true/false on the server', async () => {
    const m = await member();
    expect((await start(m.h, quiz.id)).statusCode).toBe(200);
    const [single, multiple, truth] = quiz.questions;
    const saved = await answer(m.h, quiz.id, [
      { questionId: single!.id, choiceIds: single!.right },
      { questionId: multiple!.id, choiceIds: [multiple!.right[0]] }, // half of the right picks: 1 of 2 points
      { questionId: truth!.id, choiceIds: truth!.wrong },
    ]);
    expect(saved.statusCode).toBe(200);
    const res = await submit(m.h, quiz.id);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      pointsEarned: 2,
      pointsTotal: 4,
      score: 50,
      passed: false,
      number: 1,
      late: false,
    });
    expect(
      r.questions.map((q: { correct: boolean; pointsEarned: number }) => [q.correct, q.pointsEarned]),
    ).toEqual([
      [true, 1],
      [false, 1],
      [false, 0],
    ]);
    // Failed with an attempt left: each question with the learner's picks, marked; neither the right choices
    // nor the explanations, which give them away (a retry would be a copy).
    expect(r.attemptsLeft).toBe(1);
    expect(r.questions.map((q: { prompt: string }) => q.prompt)).toEqual([
      'คำถามที่ 1',
      'คำถามที่ 2',
      'คำถามที่ 3',
    ]);
    expect(r.questions[2].choiceIds).toEqual(truth!.wrong);
    expect(r.questions[0].choices).toHaveLength(3);
    for (const q of r.questions) expect([q.correctChoiceIds, q.explanation]).toEqual([null, null]);
    expect(JSON.stringify(r)).not.toMatch(/คำอธิบาย/);
    // The second attempt passes: now the right choices and the explanations are shown.
    await start(m.h, quiz.id);
    const second = (await submit(m.h, quiz.id, { answers: rightAnswers(quiz) })).json();
    expect(second).toMatchObject({ score: 100, passed: true, number: 2, attemptsLeft: 0 });
    expect(second.questions[1].correctChoiceIds.sort()).toEqual([...multiple!.right].sort());
    expect(second.questions[2].explanation).toBe('คำอธิบายข้อ 3');
    // The first attempt's result, read again now, shows them too.
    const again = (await call(m.h, 'GET', `/assessment-result?assessmentId=${quiz.id}`)).json();
    expect(again[1].questions[2]).toMatchObject({ correct: false, explanation: 'คำอธิบายข้อ 3' });
    const list = (await call(m.h, 'GET', `/assessment-result?assessmentId=${quiz.id}`)).json();
    expect(list.map((x: { number: number }) => x.number)).toEqual([2, 1]);
  });

  it('never sends the right answers before grading: every answer body of every endpoint is scanned', async () => {
    const m = await member();
    const outsider = await register(t.app);
    const bodies: string[] = [];
    const record = async (p: Promise<{ body: string }>) => bodies.push((await p).body);
    for (const h of [m.h, bearer(outsider.access_token)]) {
      await record(call(h, 'GET', `/assessment/get-assessment-by-course/${cat.paid}`));
      await record(call(h, 'GET', `/assessment/get-assessment-by-course/${cat.free}`));
      for (const e of [...cat.paidEpisodes, ...cat.freeEpisodes]) {
        await record(call(h, 'GET', `/assessment/get-questions-by-episode/${e.id}`));
      }
      for (const a of [quiz, teaserQuiz, post, freeQuiz]) {
        await record(call(h, 'GET', `/assessment/${a.id}`));
        await record(start(h, a.id));
        await record(call(h, 'GET', `/assessment/${a.id}`));
        await record(call(h, 'GET', `/assessment-result?assessmentId=${a.id}`));
        // Wrong answers, a choice of another question, and too many picks: the errors name nothing right.
        await record(
          answer(
            h,
            a.id,
            a.questions.map((q) => ({ questionId: q.id, choiceIds: q.wrong.slice(0, 1) })),
          ),
        );
        await record(
          answer(h, a.id, [{ questionId: a.questions[0]!.id, choiceIds: [quiz.questions[1]!.right[0]] }]),
        );
        await record(answer(h, a.id, [{ questionId: a.questions[0]!.id, choiceIds: a.questions[0]!.wrong }]));
      }
      await record(call(h, 'POST', `/course/${cat.paid}/get-episode-and-quiz`));
    }
    expect(bodies.length).toBeGreaterThan(40);
    // Nothing tells a right choice from a wrong one: no field about correctness or the explanation, and
    // every choice is just its id and label, the right ones exactly like the wrong ones.
    const choices: Record<string, unknown>[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (Array.isArray(o.choices)) choices.push(...(o.choices as Record<string, unknown>[]));
        Object.values(o).forEach(walk);
      }
    };
    for (const b of bodies) {
      expect(b).not.toMatch(/correct|explanation|คำอธิบาย/i);
      walk(JSON.parse(b));
    }
    const right = choices.filter((c) => allCorrectIds.includes(c.id as string));
    expect(right.length).toBeGreaterThan(10);
    expect(choices.every((c) => Object.keys(c).sort().join() === 'id,label')).toBe(true);
  });

  it('holds the attempt limit when 20 requests start and submit at once, round after round', async () => {
    const m = await member();
    const codes: number[] = [];
    for (let round = 0; round < 3; round++) {
      const starts = await Promise.all(Array.from({ length: 20 }, () => start(m.h, quiz.id)));
      const submits = await Promise.all(Array.from({ length: 20 }, () => submit(m.h, quiz.id)));
      codes.push(...[...starts, ...submits].map((r) => r.statusCode));
      // Every start of a round found the one attempt that round opened (or none, once the limit is met).
      const opened = new Set(starts.filter((r) => r.statusCode === 200).map((r) => r.json().attemptId));
      expect(opened.size).toBe(round < 2 ? 1 : 0);
    }
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
    const { rows } = await t.db.$client.query(
      `select number, status from assessment_attempts where user_id = $1 and assessment_id = $2 order by number`,
      [m.id, quiz.id],
    );
    expect(rows).toEqual([
      { number: 1, status: 'submitted' },
      { number: 2, status: 'submitted' },
    ]);
    const again = await start(m.h, quiz.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ATTEMPT_LIMIT_REACHED');
  });

  it('counts an attempt once when 20 tabs submit it at once', async () => {
    const m = await member();
    await start(m.h, freeQuiz.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(m.h, freeQuiz.id)));
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().attemptId);
    // Every tab that found the attempt gets its one result; none starts or grades a second.
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200 || r.json().code === 'NO_ATTEMPT_IN_PROGRESS')).toBe(
      true,
    );
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from assessment_attempts where user_id = $1 and assessment_id = $2`,
      [m.id, freeQuiz.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('autosaves and resumes: answers and question order come back after a reload', async () => {
    const m = await member();
    // The post-test opens once every non-teaser episode is watched.
    const early = await start(m.h, post.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PREREQUISITE_NOT_MET');
    await watchPaidEpisodes(m.h);
    // A timed test shows no question before its clock starts.
    expect((await call(m.h, 'GET', `/assessment/${post.id}`)).json().questions).toEqual([]);
    const started = (await start(m.h, post.id)).json();
    expect(started.secondsLeft).toBeGreaterThan(290);
    const first = (await call(m.h, 'GET', `/assessment/${post.id}`)).json();
    const q = post.questions;
    await answer(m.h, post.id, [{ questionId: q[0]!.id, choiceIds: q[0]!.right }]);
    await answer(m.h, post.id, [
      { questionId: q[1]!.id, choiceIds: q[1]!.right },
      { questionId: q[0]!.id, choiceIds: q[0]!.wrong.slice(0, 1) }, // changed its mind
    ]);
    const reloaded = (await call(m.h, 'GET', `/assessment/${post.id}`)).json();
    expect(reloaded.questions.map((x: { id: string }) => x.id)).toEqual(
      first.questions.map((x: { id: string }) => x.id),
    );
    expect(reloaded.inProgress.attemptId).toBe(started.attemptId);
    const saved = Object.fromEntries(
      reloaded.inProgress.answers.map((a: { questionId: string; choiceIds: string[] }) => [
        a.questionId,
        a.choiceIds,
      ]),
    );
    expect(saved).toEqual({ [q[0]!.id]: q[0]!.wrong.slice(0, 1), [q[1]!.id]: q[1]!.right });
  });

  it('enforces the time limit on the server: a late submit is graded with what was saved in time', async () => {
    const m = await member();
    await watchPaidEpisodes(m.h);
    const { attemptId } = (await start(m.h, post.id)).json();
    await answer(m.h, post.id, [{ questionId: post.questions[2]!.id, choiceIds: post.questions[2]!.right }]);
    // The clock moves on: the attempt started 10 minutes ago, its 5 minutes are over.
    await t.db.$client.query(
      `update assessment_attempts set started_at = now() - interval '10 minutes', deadline_at = now() - interval '5 minutes' where id = $1`,
      [attemptId],
    );
    const late = await answer(m.h, post.id, rightAnswers(post));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('TIME_UP');
    const graded = await submit(m.h, post.id, { answers: rightAnswers(post) });
    expect(graded.statusCode).toBe(200);
    // Only the one answer saved before the deadline counts (1 point of 8).
    expect(graded.json()).toMatchObject({ late: true, pointsEarned: 1, pointsTotal: 8, passed: false });
  });

  it('an attempt left open past its deadline is graded when the learner comes back', async () => {
    const m = await member();
    await watchPaidEpisodes(m.h);
    const { attemptId } = (await start(m.h, post.id)).json();
    await t.db.$client.query(
      `update assessment_attempts set deadline_at = now() - interval '1 minute' where id = $1`,
      [attemptId],
    );
    const d = (await call(m.h, 'GET', `/assessment/${post.id}`)).json();
    expect(d.inProgress).toBeNull();
    expect(d.attemptsUsed).toBe(1);
    const results = (await call(m.h, 'GET', `/assessment-result?assessmentId=${post.id}`)).json();
    expect(results[0]).toMatchObject({ attemptId, late: true, score: 0 });
  });

  it('answers saved after their attempt ended (another tab submitted it, or its time ran out) start no new attempt', async () => {
    const m = await member();
    const attempts = async (assessmentId: string) =>
      (
        await t.db.$client.query(
          `select number, status from assessment_attempts where user_id = $1 and assessment_id = $2 order by number`,
          [m.id, assessmentId],
        )
      ).rows;
    // Tab A submits; tab B, still showing the attempt, autosaves a changed pick a moment later.
    await start(m.h, quiz.id);
    expect((await submit(m.h, quiz.id)).statusCode).toBe(200);
    const stale = await answer(m.h, quiz.id, rightAnswers(quiz).slice(0, 1));
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'NO_ATTEMPT_IN_PROGRESS']);
    expect(await attempts(quiz.id)).toEqual([{ number: 1, status: 'submitted' }]);

    // A timed attempt graded once its time ran out (the test read again meanwhile), then a late autosave.
    await watchPaidEpisodes(m.h);
    const { attemptId } = (await start(m.h, post.id)).json();
    await t.db.$client.query(
      `update assessment_attempts set deadline_at = now() - interval '1 minute' where id = $1`,
      [attemptId],
    );
    expect((await call(m.h, 'GET', `/assessment/${post.id}`)).json().inProgress).toBeNull();
    const late = await answer(m.h, post.id, rightAnswers(post).slice(0, 1));
    expect([late.statusCode, late.json().code]).toEqual([409, 'TIME_UP']);
    expect(await attempts(post.id)).toEqual([{ number: 1, status: 'submitted' }]);
    // Starting one on purpose (an empty save) still does.
    expect((await start(m.h, quiz.id)).statusCode).toBe(200);
    expect(await attempts(quiz.id)).toHaveLength(2);
  });

  it('only learners entitled to the course see or answer its tests; a teaser quiz follows the teaser', async () => {
    const u = await register(t.app);
    const h = bearer(u.access_token);
    for (const res of [
      await call(h, 'GET', `/assessment/get-assessment-by-course/${cat.paid}`),
      await call(h, 'GET', `/assessment/${quiz.id}`),
      await call(h, 'GET', `/assessment/get-questions-by-episode/${cat.paidEpisodes[1]!.id}`),
      await start(h, quiz.id),
      await submit(h, quiz.id),
      await call(h, 'GET', `/assessment-result?assessmentId=${post.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NO_ACCESS');
    }
    const teaser = await call(h, 'GET', `/assessment/get-questions-by-episode/${cat.paidEpisodes[0]!.id}`);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.json()[0].id).toBe(teaserQuiz.id);
    expect((await start(h, teaserQuiz.id)).statusCode).toBe(200);
    expect((await submit(h, teaserQuiz.id, { answers: rightAnswers(teaserQuiz) })).json().passed).toBe(true);
    // Anonymous: 401; unknown: 404.
    expect((await t.app.inject(`/api/assessment/${quiz.id}`)).statusCode).toBe(401);
    expect((await call(h, 'GET', `/assessment/${cat.paid}`)).statusCode).toBe(404);
  });

  it('refuses answers that are not of the test with 400 and saves nothing', async () => {
    const m = await member();
    await start(m.h, freeQuiz.id);
    const bad = await answer(m.h, freeQuiz.id, [
      { questionId: freeQuiz.questions[0]!.id, choiceIds: freeQuiz.questions[0]!.right },
      { questionId: freeQuiz.questions[1]!.id, choiceIds: [quiz.questions[1]!.right[0]] },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'answers.1.choiceIds' }],
    });
    const two = await answer(m.h, freeQuiz.id, [
      { questionId: freeQuiz.questions[0]!.id, choiceIds: freeQuiz.questions[0]!.wrong },
    ]);
    expect(two.statusCode).toBe(400);
    const d = (await call(m.h, 'GET', `/assessment/${freeQuiz.id}`)).json();
    expect(d.inProgress.answers).toEqual([]);
    expect((await submit(m.h, cat.free)).statusCode).toBe(404);
  });

  it('the episode list carries each quiz with my attempts, and the post-test', async () => {
    const m = await member();
    await start(m.h, quiz.id);
    await submit(m.h, quiz.id, { answers: rightAnswers(quiz) });
    const list = (await call(m.h, 'POST', `/course/${cat.paid}/get-episode-and-quiz`)).json();
    expect(list.episodes[1].quiz).toMatchObject({
      id: quiz.id,
      attemptsUsed: 1,
      passed: true,
      bestScore: 100,
    });
    expect(list.episodes[0].quiz.id).toBe(teaserQuiz.id);
    expect(list.episodes[2].quiz).toBeNull();
    expect(list.postTest).toMatchObject({ id: post.id, timeLimitSeconds: 300, passed: false });
    expect(list.preTest).toBeNull();
  });
});

describe('a published test without a live question (assessment_live)', () => {
  it('is absent for learners: not listed, not startable, not a test to pass, not in the way of completion or the certificate', async () => {
    const c = await seedCatalogue(t);
    const emptyQuiz = await addAssessment(
      t,
      { courseId: c.paid, episodeId: c.paidEpisodes[1]!.id, kind: 'episode_quiz' },
      [],
    );
    // A post-test whose only question is retired.
    const post = await addAssessment(t, { courseId: c.paid, kind: 'post_test' }, [
      { kind: 'true_false', choices: [true, false] },
    ]);
    const retire = (at: string | null) =>
      t.db.$client.query(`update assessment_questions set retired_at = ${at} where assessment_id = $1`, [
        post.id,
      ]);
    await retire('now()');
    const m = await member();

    const list = (await call(m.h, 'POST', `/course/${c.paid}/get-episode-and-quiz`)).json();
    expect(list.episodes.map((e: { quiz: unknown }) => e.quiz)).toEqual([null, null, null, null]);
    expect(list.postTest).toBeNull();
    expect((await call(m.h, 'GET', `/assessment/get-assessment-by-course/${c.paid}`)).json()).toEqual([]);
    const byEpisode = await call(m.h, 'GET', `/assessment/get-questions-by-episode/${c.paidEpisodes[1]!.id}`);
    expect(byEpisode.json()).toEqual([]);
    for (const id of [emptyQuiz.id, post.id]) {
      expect((await call(m.h, 'GET', `/assessment/${id}`)).statusCode).toBe(404);
      expect((await start(m.h, id)).statusCode).toBe(404);
      expect((await submit(m.h, id)).statusCode).toBe(404);
    }

    expect((await watchThrough(t, m.h, c.paid, c.paidEpisodes.slice(1))).statusCode).toBe(200);
    const done = (await call(m.h, 'GET', `/course/${c.paid}/completion`)).json();
    expect(done).toMatchObject({ completed: true, postTest: null });
    // Nor does it stand in the way of the certificate.
    const cert = await call(m.h, 'GET', `/media/get-certificate/${c.paid}`);
    expect([cert.statusCode, cert.headers['content-type']]).toEqual([200, 'application/pdf']);
    // The library counts no test to pass in that course either.
    const library = async () =>
      ((await call(m.h, 'GET', '/users/my-course')).json() as { id: string }[]).find((x) => x.id === c.paid);
    expect(await library()).toMatchObject({ testsTotal: 0, testsPassed: 0 });

    // Its question restored, the post-test is there again and must be passed.
    await retire('null');
    const again = (await call(m.h, 'GET', `/course/${c.paid}/completion`)).json();
    expect(again).toMatchObject({ completed: false, postTest: { id: post.id, questionCount: 1 } });
    expect(await library()).toMatchObject({ testsTotal: 1, testsPassed: 0 });
    expect((await start(m.h, post.id)).statusCode).toBe(200);
  });
});

describe('tests that teach without giving answers away (PRODUCT.md section 6)', () => {
  type Q = {
    correct: boolean | null;
    pointsEarned: number | null;
    correctChoiceIds: unknown;
    explanation: unknown;
  };
  const learner = async () => {
    const u = await register(t.app);
    return bearer(u.access_token);
  };
  const picks = (a: Made, right: boolean[]) =>
    a.questions.map((q, i) => ({ questionId: q.id, choiceIds: right[i] ? q.right : q.wrong.slice(0, 1) }));

  it('a pre-test without a pass mark: the score and the topics to study; no right answer, explanation, mark or "passed" in any answer', async () => {
    const c = await seedCatalogue(t);
    const pre = await addAssessment(
      t,
      { courseId: c.free, kind: 'pre_test', passingScore: 0, maxAttempts: 1 },
      [
        { kind: 'single', choices: [false, true, false], topic: 'งบดุล' },
        { kind: 'true_false', choices: [true, false], topic: 'ภาษี' },
        { kind: 'single', choices: [true, false], topic: 'งบดุล' },
        { kind: 'single', choices: [false, true] },
      ],
    );
    const h = await learner();
    const answered = [true, false, false, false];
    const bodies: string[] = [];
    const record = async (p: ReturnType<typeof call>) => {
      const res = await p;
      expect(res.statusCode).toBe(200);
      bodies.push(res.body);
      return res.json();
    };
    await record(call(h, 'GET', `/assessment/${pre.id}`));
    await record(start(h, pre.id));
    await record(answer(h, pre.id, picks(pre, answered)));
    const r = await record(submit(h, pre.id));
    const list = await record(call(h, 'GET', `/assessment-result?assessmentId=${pre.id}`));
    const detail = await record(call(h, 'GET', `/assessment/${pre.id}`));
    const byCourse = await record(call(h, 'GET', `/assessment/get-assessment-by-course/${c.free}`));
    const done = await record(call(h, 'GET', `/course/${c.free}/completion`));

    expect(r).toMatchObject({ score: 25, pointsEarned: 1, pointsTotal: 4, passed: false, diagnostic: true });
    expect(r.attemptsLeft).toBe(0);
    expect(r.studyTopics).toEqual(['ภาษี', 'งบดุล']);
    expect(r.questions.map((q: { topic: string }) => q.topic)).toEqual(['งบดุล', 'ภาษี', 'งบดุล', '']);
    expect(r.questions[1].choiceIds).toEqual(pre.questions[1]!.wrong);
    for (const q of r.questions as Q[]) {
      expect([q.correct, q.pointsEarned, q.correctChoiceIds, q.explanation]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    expect(list[0]).toEqual(r);
    expect([detail.passed, byCourse.find((a: { id: string }) => a.id === pre.id).passed]).toEqual([
      false,
      false,
    ]);
    expect(done.preTest).toMatchObject({ passed: false, bestScore: 25, attemptsUsed: 1 });
    // Out of attempts, still nothing of the key in any answer: no explanation, no mark, no right choice.
    const keyed: unknown[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (['correct', 'correctChoiceIds', 'explanation', 'pointsEarned'].includes(k) && x !== null) {
            // The attempt's total points are its score, not a mark of one question.
            if (!(k === 'pointsEarned' && 'pointsTotal' in v)) keyed.push({ [k]: x });
          }
          walk(x);
        }
      }
    };
    for (const b of bodies) {
      expect(b).not.toMatch(/คำอธิบาย/);
      walk(JSON.parse(b));
    }
    expect(keyed).toEqual([]);
  });

  it('a pre-test with a pass mark says passed at it, still without the answers', async () => {
    const c = await seedCatalogue(t);
    const pre = await addAssessment(t, { courseId: c.free, kind: 'pre_test', passingScore: 50 }, MIXED);
    const h = await learner();
    await start(h, pre.id);
    const r = (await submit(h, pre.id, { answers: rightAnswers(pre) })).json();
    expect(r).toMatchObject({ score: 100, passed: true, diagnostic: true, studyTopics: [] });
    for (const q of r.questions as Q[]) expect([q.correctChoiceIds, q.explanation]).toEqual([null, null]);
  });

  it('a test failed with no attempt left shows the right answers and explanations; its topics to study are listed', async () => {
    const c = await seedCatalogue(t);
    const one = await addAssessment(
      t,
      {
        courseId: c.free,
        episodeId: c.freeEpisodes[0]!.id,
        kind: 'episode_quiz',
        maxAttempts: 1,
        passingScore: 100,
      },
      [
        { kind: 'single', choices: [true, false], topic: 'ตัวแปร' },
        { kind: 'true_false', choices: [false, true], topic: 'ลูป', explanation: '' },
      ],
    );
    const h = await learner();
    await start(h, one.id);
    const r = (await submit(h, one.id, { answers: picks(one, [true, false]) })).json();
    expect(r).toMatchObject({ passed: false, diagnostic: false, attemptsLeft: 0, studyTopics: ['ลูป'] });
    expect(r.questions.map((q: Q) => [q.correct, q.correctChoiceIds, q.explanation])).toEqual([
      [true, one.questions[0]!.right, 'คำอธิบายข้อ 1'],
      [false, one.questions[1]!.right, ''],
    ]);
  });
  it('an author who withholds the answers: no right choice or explanation after the last attempt nor after a pass; each pick still marked', async () => {
    const c = await seedCatalogue(t);
    const quiz = await addAssessment(
      t,
      {
        courseId: c.free,
        episodeId: c.freeEpisodes[0]!.id,
        kind: 'episode_quiz',
        maxAttempts: 1,
        passingScore: 100,
        revealAnswers: false,
      },
      [
        { kind: 'single', choices: [true, false], topic: 'ตัวแปร' },
        { kind: 'true_false', choices: [false, true], topic: 'ลูป' },
      ],
    );
    const failer = await learner();
    await start(failer, quiz.id);
    const failed = (await submit(failer, quiz.id, { answers: picks(quiz, [true, false]) })).json();
    expect(failed).toMatchObject({
      passed: false,
      attemptsLeft: 0,
      answersWithheld: true,
      studyTopics: ['ลูป'],
    });
    expect(failed.questions.map((q: Q) => [q.correct, q.correctChoiceIds, q.explanation])).toEqual([
      [true, null, null],
      [false, null, null],
    ]);
    const passer = await learner();
    await start(passer, quiz.id);
    const passed = (await submit(passer, quiz.id, { answers: picks(quiz, [true, true]) })).json();
    expect(passed).toMatchObject({ passed: true, answersWithheld: true });
    const later = (await call(passer, 'GET', `/assessment-result?assessmentId=${quiz.id}`)).body;
    expect(later).not.toMatch(/คำอธิบาย/);
    expect(JSON.parse(later)[0].questions.map((q: Q) => q.correctChoiceIds)).toEqual([null, null]);
    // The setting is the author's, from the console, and back on shows them again to whoever may see them.
    const admin = bearer((await adminUser(t)).token);
    const edited = await t.app.inject({
      method: 'GET',
      url: `/api/admin/courses/${c.free}/assessments`,
      headers: admin,
    });
    const mine = edited.json().items.find((a: { id: string }) => a.id === quiz.id);
    expect(mine).toMatchObject({ revealAnswers: false });
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/assessments/${quiz.id}`,
      headers: admin,
      payload: { revealAnswers: true, version: mine.version },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ revealAnswers: true });
    const shown = (await call(passer, 'GET', `/assessment-result?assessmentId=${quiz.id}`)).json();
    expect(shown[0]).toMatchObject({ answersWithheld: false });
    expect(shown[0].questions.map((q: Q) => q.correctChoiceIds)).toEqual([
      quiz.questions[0]!.right,
      quiz.questions[1]!.right,
    ]);
  });
});
