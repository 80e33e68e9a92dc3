import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAssessment, seedCatalogue, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The rules of attempts and grades, one at a time (PRODUCT.md section 6): the pass mark an attempt started
 * under, the attempt limit, the deadline, whose attempt it is, a test unpublished meanwhile, and what happens
 * when another request lands between two statements of this one (made to happen, not waited for: the
 * statement is held until the other request is done).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => void vi.restoreAllMocks());

type Made = Awaited<ReturnType<typeof addAssessment>>;
type H = Record<string, string>;

async function learner() {
  const u = await register(t.app);
  return { id: u.user.id, h: bearer(u.access_token) };
}
const call = (h: H, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });
const start = (h: H, assessmentId: string) =>
  call(h, 'POST', '/assessment-response', { assessmentId, answers: [] });
const save = (h: H, assessmentId: string, answers: object[]) =>
  call(h, 'POST', '/assessment-response', { assessmentId, answers });
const submit = (h: H, assessmentId: string, extra: object = {}) =>
  call(h, 'POST', '/assessment-result', { assessmentId, ...extra });
const detail = async (h: H, id: string) => (await call(h, 'GET', `/assessment/${id}`)).json();
const right = (q: Made['questions'][number]) => ({ questionId: q.id, choiceIds: q.right });
const wrong = (q: Made['questions'][number]) => ({ questionId: q.id, choiceIds: q.wrong.slice(0, 1) });
const ONE_POINT = { kind: 'single' as const, choices: [false, true, false] };

/** A quiz of `n` one-point questions after the first episode of a new free course. */
async function quiz(n: number, settings: { maxAttempts?: number; passingScore?: number } = {}) {
  const c = await seedCatalogue(t);
  return addAssessment(
    t,
    { courseId: c.free, episodeId: c.freeEpisodes[0]!.id, kind: 'episode_quiz', ...settings },
    Array.from({ length: n }, () => ONE_POINT),
  );
}
const attemptsOf = async (userId: string, assessmentId: string) =>
  (
    await t.db.$client.query(
      `select number, status from assessment_attempts where user_id = $1 and assessment_id = $2 order by number`,
      [userId, assessmentId],
    )
  ).rows;

/**
 * Runs `meanwhile` just before this app's next statement named `name` (a prepared statement of the
 * assessments repository): another request lands between two statements of the request under test.
 */
function before(name: string, meanwhile: () => Promise<unknown>, { every = false } = {}) {
  const pool = t.db.$client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = pool.query.bind(pool);
  let pending = true;
  vi.spyOn(pool, 'query').mockImplementation(async (...args: unknown[]) => {
    const q = args[0] as { name?: string } | undefined;
    if (pending && q?.name === name) {
      pending = every;
      await meanwhile();
    }
    return query(...args);
  });
}

describe('grading rules', () => {
  it('is graded at the pass mark it started under: a mark raised meanwhile is for the next attempt', async () => {
    const a = await quiz(4, { passingScore: 75 });
    const m = await learner();
    expect((await start(m.h, a.id)).statusCode).toBe(200);
    await t.db.$client.query(`update assessments set passing_score = 100, updated_at = now() where id = $1`, [
      a.id,
    ]);
    const answers = [...a.questions.slice(0, 3).map(right), wrong(a.questions[3]!)];
    const first = await submit(m.h, a.id, { answers });
    expect(first.json()).toMatchObject({ score: 75, passed: true });
    expect((await start(m.h, a.id)).statusCode).toBe(200);
    expect((await submit(m.h, a.id, { answers })).json()).toMatchObject({ score: 75, passed: false });
  });

  it('the attempt limit: the last allowed attempt starts, the next is refused; attempts left count down to 0', async () => {
    const a = await quiz(1, { maxAttempts: 2 });
    const m = await learner();
    expect((await detail(m.h, a.id)).attemptsLeft).toBe(2);
    expect((await start(m.h, a.id)).statusCode).toBe(200);
    expect((await submit(m.h, a.id)).json()).toMatchObject({ number: 1, attemptsLeft: 1 });
    const last = await start(m.h, a.id);
    expect([last.statusCode, last.json().number]).toEqual([200, 2]);
    expect((await submit(m.h, a.id)).json()).toMatchObject({ number: 2, attemptsLeft: 0 });
    const third = await start(m.h, a.id);
    expect([third.statusCode, third.json().code]).toEqual([409, 'ATTEMPT_LIMIT_REACHED']);
    expect(await detail(m.h, a.id)).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, inProgress: null });
    // The limit lowered below what was used: none left, never a negative count.
    await t.db.$client.query(`update assessments set max_attempts = 1, updated_at = now() where id = $1`, [
      a.id,
    ]);
    expect((await detail(m.h, a.id)).attemptsLeft).toBe(0);
    // No limit: no count.
    await t.db.$client.query(`update assessments set max_attempts = null, updated_at = now() where id = $1`, [
      a.id,
    ]);
    expect((await detail(m.h, a.id)).attemptsLeft).toBeNull();
    expect((await start(m.h, a.id)).statusCode).toBe(200);
  });

  it('every one of 8 simultaneous starts of the last allowed attempt answers that one attempt', async () => {
    const a = await quiz(1, { maxAttempts: 2 });
    const m = await learner();
    await start(m.h, a.id);
    await submit(m.h, a.id);
    const starts = await Promise.all(Array.from({ length: 8 }, () => start(m.h, a.id)));
    expect(starts.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(starts.map((r) => r.json().attemptId)).size).toBe(1);
    expect(await attemptsOf(m.id, a.id)).toEqual([
      { number: 1, status: 'submitted' },
      { number: 2, status: 'in_progress' },
    ]);
  });

  it('an empty save of an attempt whose time is over answers TIME_UP; answers before any start answer NO_ATTEMPT_IN_PROGRESS', async () => {
    const c = await seedCatalogue(t);
    const a = await addAssessment(
      t,
      { courseId: c.free, episodeId: c.freeEpisodes[0]!.id, kind: 'episode_quiz', timeLimitSeconds: 60 },
      [ONE_POINT],
    );
    const m = await learner();
    const early = await save(m.h, a.id, [right(a.questions[0]!)]);
    expect([early.statusCode, early.json().code]).toEqual([409, 'NO_ATTEMPT_IN_PROGRESS']);
    expect(await attemptsOf(m.id, a.id)).toEqual([]);
    const { attemptId } = (await start(m.h, a.id)).json();
    await t.db.$client.query(
      `update assessment_attempts set deadline_at = now() - interval '1 minute' where id = $1`,
      [attemptId],
    );
    const again = await start(m.h, a.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'TIME_UP']);
  });

  it('a submit sending answers after the time is up is graded on what was saved in time, not on the late answers', async () => {
    const c = await seedCatalogue(t);
    const a = await addAssessment(
      t,
      { courseId: c.free, episodeId: c.freeEpisodes[0]!.id, kind: 'episode_quiz', timeLimitSeconds: 60 },
      [ONE_POINT, ONE_POINT],
    );
    const [q0, q1] = a.questions as [Made['questions'][number], Made['questions'][number]];
    const m = await learner();
    const { attemptId } = (await start(m.h, a.id)).json();
    expect((await save(m.h, a.id, [right(q0)])).statusCode).toBe(200);
    await t.db.$client.query(
      `update assessment_attempts set deadline_at = now() - interval '1 hour' where id = $1`,
      [attemptId],
    );
    const res = await submit(m.h, a.id, { answers: [right(q1)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ attemptId, pointsEarned: 1, pointsTotal: 2 });
    expect(await attemptsOf(m.id, a.id)).toEqual([{ number: 1, status: 'submitted' }]);
  });

  it('opening an attempt again (an empty save) saves nothing: its last save stays as it was', async () => {
    const a = await quiz(1);
    const m = await learner();
    const opened = (await start(m.h, a.id)).json();
    expect(opened.savedAt).toBeNull();
    const again = (await start(m.h, a.id)).json();
    expect([again.attemptId, again.savedAt]).toEqual([opened.attemptId, null]);
  });

  it('the post-test opens once every episode is watched, and says so', async () => {
    const c = await seedCatalogue(t);
    const post = await addAssessment(t, { courseId: c.free, kind: 'post_test' }, [ONE_POINT]);
    const m = await learner();
    const early = await start(m.h, post.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PREREQUISITE_NOT_MET',
      message: 'The post-test opens once every episode of the course is watched',
    });
    expect((await watchThrough(t, m.h, c.free, c.freeEpisodes)).statusCode).toBe(200);
    expect((await start(m.h, post.id)).statusCode).toBe(200);
  });

  it('a post-test attempt under way goes on when the course gains an episode; the next attempt waits for it', async () => {
    const c = await seedCatalogue(t);
    const post = await addAssessment(t, { courseId: c.free, kind: 'post_test' }, [ONE_POINT]);
    const m = await learner();
    expect((await watchThrough(t, m.h, c.free, c.freeEpisodes)).statusCode).toBe(200);
    expect((await start(m.h, post.id)).statusCode).toBe(200);
    await t.db.$client.query(
      `insert into episodes (id, course_id, sort, title, duration_seconds) values (gen_random_uuid(), $1, 3, 'ตอนใหม่', 60)`,
      [c.free],
    );
    expect((await save(m.h, post.id, [right(post.questions[0]!)])).statusCode).toBe(200);
    expect((await submit(m.h, post.id)).json()).toMatchObject({ score: 100, passed: true });
    const next = await start(m.h, post.id);
    expect([next.statusCode, next.json().code]).toEqual([409, 'PREREQUISITE_NOT_MET']);
  });

  it('an attempt is its learner’s and its test’s: anyone else’s id is 404; one’s own graded attempt answers its result again, whatever is sent', async () => {
    const c = await seedCatalogue(t);
    const x = await addAssessment(
      t,
      { courseId: c.free, episodeId: c.freeEpisodes[0]!.id, kind: 'episode_quiz' },
      [ONE_POINT],
    );
    const y = await addAssessment(
      t,
      { courseId: c.free, episodeId: c.freeEpisodes[1]!.id, kind: 'episode_quiz' },
      [ONE_POINT],
    );
    const a = await learner();
    const b = await learner();
    const nothing = await submit(a.h, x.id);
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'NO_ATTEMPT_IN_PROGRESS']);
    const { attemptId } = (await start(a.h, x.id)).json();
    const graded = (await submit(a.h, x.id, { answers: [right(x.questions[0]!)] })).json();
    expect(graded).toMatchObject({ attemptId, score: 100, passed: true });

    for (const [h, id] of [
      [b.h, x.id],
      [a.h, y.id],
    ] as const) {
      const res = await submit(h, id, { attemptId });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        404,
        'NOT_FOUND',
        'Attempt not found',
      ]);
    }
    // A second tab submits the graded attempt with answers that are not even of this test: the one result.
    const again = await submit(a.h, x.id, { attemptId, answers: [wrong(y.questions[0]!)] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(graded);
    expect(await attemptsOf(b.id, x.id)).toEqual([]);
  });

  it('a test unpublished while an attempt runs: its learner saves and submits it; nothing new starts, and nobody else sees it', async () => {
    const a = await quiz(2);
    const m = await learner();
    const other = await learner();
    expect((await start(m.h, a.id)).statusCode).toBe(200);
    await t.db.$client.query(`update assessments set published = false, updated_at = now() where id = $1`, [
      a.id,
    ]);
    expect((await save(m.h, a.id, [right(a.questions[0]!)])).statusCode).toBe(200);
    const graded = await submit(m.h, a.id, { answers: [right(a.questions[1]!)] });
    expect([graded.statusCode, graded.json().score]).toEqual([200, 100]);
    const next = await start(m.h, a.id);
    expect([next.statusCode, next.json().code, next.json().message]).toEqual([
      404,
      'NOT_FOUND',
      'Assessment not found',
    ]);
    expect(await attemptsOf(m.id, a.id)).toEqual([{ number: 1, status: 'submitted' }]);
    for (const res of [await start(other.h, a.id), await submit(other.h, a.id)]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('questions come in the test’s order unless it shuffles them', async () => {
    const c = await seedCatalogue(t);
    const ordered = await addAssessment(
      t,
      { courseId: c.free, episodeId: c.freeEpisodes[0]!.id, kind: 'episode_quiz' },
      Array.from({ length: 8 }, () => ONE_POINT),
    );
    const shuffled = await addAssessment(
      t,
      { courseId: c.free, episodeId: c.freeEpisodes[1]!.id, kind: 'episode_quiz', shuffleQuestions: true },
      Array.from({ length: 8 }, () => ONE_POINT),
    );
    const m = await learner();
    const order = async (id: string) => {
      expect((await start(m.h, id)).statusCode).toBe(200);
      const ids = (await detail(m.h, id)).questions.map((q: { id: string }) => q.id);
      expect((await submit(m.h, id)).statusCode).toBe(200);
      return ids.join();
    };
    const sorted = (x: Made) => x.questions.map((q) => q.id).join();
    for (let i = 0; i < 3; i++) expect(await order(ordered.id)).toBe(sorted(ordered));
    // Three attempts all in the sorted order of 8 questions: 1 in 40320³ if shuffled.
    const orders = [await order(shuffled.id), await order(shuffled.id), await order(shuffled.id)];
    expect(orders.some((o) => o !== sorted(shuffled))).toBe(true);
  });
});

/** What an editor's new question does: a question (its one choice right) added, the test's version moved on. */
async function addQuestion(assessmentId: string) {
  const { rows } = await t.db.$client.query<{ id: string }>(
    `insert into assessment_questions (id, assessment_id, sort, kind, prompt, explanation, points)
     select gen_random_uuid(), $1, coalesce(max(sort), 0) + 1, 'single', 'ข้อที่เพิ่ม', '', 1
     from assessment_questions where assessment_id = $1 returning id`,
    [assessmentId],
  );
  const id = rows[0]!.id;
  await t.db.$client.query(
    `insert into assessment_choices (id, question_id, sort, label, correct) values (gen_random_uuid(), $1, 1, 'ถูก', true)`,
    [id],
  );
  await t.db.$client.query(`update assessments set updated_at = now() where id = $1`, [assessmentId]);
  return id;
}

describe('a request landing between two statements of another', () => {
  it('an editor adds a question as an attempt starts: the attempt starts on the new version of the test', async () => {
    const a = await quiz(1);
    const m = await learner();
    let added = '';
    before('attempt_start', async () => (added = await addQuestion(a.id)));
    const res = await start(m.h, a.id);
    expect(res.statusCode).toBe(200);
    expect(added).not.toBe('');
    const ids = (await detail(m.h, a.id)).questions.map((q: { id: string }) => q.id);
    expect(ids).toEqual([a.questions[0]!.id, added]);
  });

  it('an editor adds a question as an attempt of a test with a limit starts: it starts too, attempts being left', async () => {
    const a = await quiz(1, { maxAttempts: 2 });
    const m = await learner();
    before('attempt_start', () => addQuestion(a.id));
    const res = await start(m.h, a.id);
    expect([res.statusCode, res.json().number]).toEqual([200, 1]);
  });

  it('an editor changing the test at every try: three tries, then a 409 in the error shape, no attempt and no 500', async () => {
    const a = await quiz(1);
    const m = await learner();
    let tries = 0;
    before('attempt_start', () => (tries++, addQuestion(a.id)), { every: true });
    const res = await start(m.h, a.id);
    expect(tries).toBe(3);
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'statusCode']);
    vi.restoreAllMocks();
    expect(await attemptsOf(m.id, a.id)).toEqual([]);
  });

  it('an autosave between grading and writing the grade: graded again, with the answers sent and the ones autosaved', async () => {
    const a = await quiz(2);
    const m = await learner();
    const { attemptId } = (await start(m.h, a.id)).json();
    const [q0, q1] = a.questions as [Made['questions'][number], Made['questions'][number]];
    before('attempt_finish', () =>
      t.db.$client.query(`update assessment_attempts set answers = answers || $2::jsonb where id = $1`, [
        attemptId,
        JSON.stringify({ [q1.id]: q1.right }),
      ]),
    );
    const res = await submit(m.h, a.id, { answers: [right(q0)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ attemptId, pointsEarned: 2, score: 100, passed: true, late: false });
  });

  it('an autosave before every write of the grade: ten tries, then a 500 in the error shape; the attempt stays open and is graded later', async () => {
    const a = await quiz(1);
    const m = await learner();
    const { attemptId } = (await start(m.h, a.id)).json();
    const q = a.questions[0]!;
    let tries = 0;
    // Each autosave changes the answers the grade was computed on, so every write of the grade is refused.
    before(
      'attempt_finish',
      () =>
        t.db.$client.query(`update assessment_attempts set answers = $2::jsonb where id = $1`, [
          attemptId,
          JSON.stringify({ [q.id]: ++tries % 2 ? q.right : q.wrong.slice(0, 1) }),
        ]),
      { every: true },
    );
    const res = await submit(m.h, a.id, { answers: [right(q)] });
    expect(tries).toBe(10);
    expect([res.statusCode, res.json().code]).toEqual([500, 'INTERNAL_ERROR']);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'statusCode']);
    vi.restoreAllMocks();
    expect(await attemptsOf(m.id, a.id)).toEqual([{ number: 1, status: 'in_progress' }]);
    expect((await submit(m.h, a.id)).json()).toMatchObject({ attemptId, number: 1, score: 0 });
  });

  it('a second tab submits between grading and writing the grade: its grade stands, counted once', async () => {
    const a = await quiz(1);
    const m = await learner();
    const { attemptId } = (await start(m.h, a.id)).json();
    let other: Awaited<ReturnType<typeof submit>> | undefined;
    before('attempt_finish', async () => (other = await submit(m.h, a.id)));
    const res = await submit(m.h, a.id, { answers: [right(a.questions[0]!)] });
    expect([other?.statusCode, res.statusCode]).toEqual([200, 200]);
    expect(res.json()).toEqual(other!.json());
    expect(res.json()).toMatchObject({ attemptId, score: 0 });
    expect(await attemptsOf(m.id, a.id)).toEqual([{ number: 1, status: 'submitted' }]);
  });

  it('answers saved as another tab submits the attempt: NO_ATTEMPT_IN_PROGRESS (its time is not up), nothing new started', async () => {
    const a = await quiz(1);
    const m = await learner();
    await start(m.h, a.id);
    before('attempt_save', () => submit(m.h, a.id));
    const res = await save(m.h, a.id, [right(a.questions[0]!)]);
    expect([res.statusCode, res.json().code]).toEqual([409, 'NO_ATTEMPT_IN_PROGRESS']);
    expect(await attemptsOf(m.id, a.id)).toEqual([{ number: 1, status: 'submitted' }]);
  });
});
