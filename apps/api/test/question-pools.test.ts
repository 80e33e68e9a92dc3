import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAssessment, seedCatalogue, subscribe, watchThrough } from './courses-fixture.js';
import { adminUser } from './admin-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/** Question pools (issue 30): a test asks fewer questions than it holds, and each attempt draws its own sheet. */

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
type Made = Awaited<ReturnType<typeof addAssessment>>;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
});
afterAll(() => t.close());

async function member() {
  const u = await register(t.app, {}, `10.30.0.${++ip}`);
  await subscribe(t, u.user.id);
  return { id: u.user.id, h: bearer(u.access_token) };
}
const call = (h: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload: payload as object } : {}) });
const start = (h: Record<string, string>, id: string) =>
  call(h, 'POST', '/assessment-response', { assessmentId: id, answers: [] });
const detail = async (h: Record<string, string>, id: string) =>
  (await call(h, 'GET', `/assessment/${id}`)).json();
const submit = (h: Record<string, string>, id: string) =>
  call(h, 'POST', '/assessment-result', { assessmentId: id });

/** Takes one attempt without answering; answers the sheet it showed (question ids, in order) and its choices. */
async function takeOnce(h: Record<string, string>, id: string) {
  expect((await start(h, id)).statusCode).toBe(200);
  const d = await detail(h, id);
  const sheet = (d.questions as { id: string; choices: { id: string }[] }[]).map((q) => ({
    id: q.id,
    choices: q.choices.map((c) => c.id),
  }));
  const res = await submit(h, id);
  expect(res.statusCode).toBe(200);
  return { sheet, result: res.json() };
}

/** Four topics of three single-choice questions each: a pool of twelve. */
const POOL = ['ก', 'ข', 'ค', 'ง'].flatMap((topic) =>
  [1, 2, 3].map((n) => ({
    kind: 'single' as const,
    topic: `หัวข้อ ${topic}`,
    prompt: `คำถาม ${topic}${n}`,
    choices: [true, false, false, false, false],
  })),
);

describe('question pools', () => {
  let quiz: Made;
  beforeAll(async () => {
    quiz = await addAssessment(
      t,
      {
        courseId: cat.free,
        episodeId: cat.freeEpisodes[0]!.id,
        kind: 'episode_quiz',
        questionsPerAttempt: 4,
        shuffleQuestions: true,
      },
      POOL,
    );
  });

  it('shows no question of a pool before an attempt draws its sheet, and counts what an attempt asks', async () => {
    const m = await member();
    const before = await detail(m.h, quiz.id);
    expect(before.questionCount).toBe(4);
    expect(before.totalPoints).toBe(4);
    expect(before.questions).toEqual([]);
    expect(JSON.stringify(before)).not.toContain('คำถาม ');
  });

  it('draws as many questions as the test asks, one of each topic, graded on that sheet only', async () => {
    const m = await member();
    const { sheet, result } = await takeOnce(m.h, quiz.id);
    expect(sheet).toHaveLength(4);
    const byId = new Map(quiz.questions.map((q, i) => [q.id, POOL[i]!]));
    expect(sheet.every((q) => byId.has(q.id))).toBe(true);
    expect(new Set(sheet.map((q) => byId.get(q.id)!.topic)).size).toBe(4);
    expect(result.pointsTotal).toBe(4);
    expect(result.questions.map((q: { questionId: string }) => q.questionId)).toEqual(sheet.map((q) => q.id));
  });

  it('gives every retake another sheet, none of the questions of the attempt before, and asks the whole pool', async () => {
    const m = await member();
    let before = new Set<string>();
    const asked = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { sheet } = await takeOnce(m.h, quiz.id);
      // Eight questions were not on the sheet before: the retake draws its four from them.
      expect(sheet.filter((q) => before.has(q.id))).toEqual([]);
      sheet.forEach((q) => asked.add(q.id));
      before = new Set(sheet.map((q) => q.id));
    }
    expect(asked.size).toBe(12);
  });

  it("shuffles each attempt's choices, and its result shows them in the order the attempt showed", async () => {
    const one = await addAssessment(
      t,
      {
        courseId: cat.paid,
        episodeId: cat.paidEpisodes[1]!.id,
        kind: 'episode_quiz',
        shuffleQuestions: true,
      },
      POOL.slice(0, 1),
    );
    const m = await member();
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { sheet, result } = await takeOnce(m.h, one.id);
      const first = sheet[0]!;
      orders.add(first.choices.join());
      const shown = result.questions.find((q: { questionId: string }) => q.questionId === first.id);
      expect(shown.choices.map((c: { id: string }) => c.id)).toEqual(first.choices);
    }
    // Five choices: six attempts in the same order would be one chance in 120^5.
    expect(orders.size).toBeGreaterThan(1);
  });

  it("refuses an answer to a question of the pool that is not on the attempt's sheet, and saves nothing", async () => {
    const m = await member();
    expect((await start(m.h, quiz.id)).statusCode).toBe(200);
    const d = await detail(m.h, quiz.id);
    const onSheet = new Set((d.questions as { id: string }[]).map((q) => q.id));
    const other = quiz.questions.find((q) => !onSheet.has(q.id))!;
    const res = await call(m.h, 'POST', '/assessment-response', {
      assessmentId: quiz.id,
      answers: [{ questionId: other.id, choiceIds: other.right }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    const sent = await call(m.h, 'POST', '/assessment-result', {
      assessmentId: quiz.id,
      answers: [{ questionId: other.id, choiceIds: other.right }],
    });
    expect(sent.statusCode).toBe(400);
    expect((await detail(m.h, quiz.id)).inProgress.answers).toEqual([]);
  });

  it('asks every question when the pool holds no more than the test asks', async () => {
    const small = await addAssessment(
      t,
      {
        courseId: cat.free,
        episodeId: cat.freeEpisodes[1]!.id,
        kind: 'episode_quiz',
        questionsPerAttempt: 5,
      },
      POOL.slice(0, 3),
    );
    const m = await member();
    const before = await detail(m.h, small.id);
    expect(before.questionCount).toBe(3);
    expect(before.questions.map((q: { id: string }) => q.id)).toEqual(small.questions.map((q) => q.id));
    const { sheet } = await takeOnce(m.h, small.id);
    // Not shuffled: the author's order, choices too.
    expect(sheet.map((q) => q.id)).toEqual(small.questions.map((q) => q.id));
  });
});

describe("a post-test's pool and the pre-test", () => {
  // The pre-test asks five questions; the post-test's pool of twelve holds the same five (spaced and cased
  // otherwise) and seven more.
  const met = [1, 2, 3, 4, 5].map((n) => ({
    kind: 'single' as const,
    topic: `หัวข้อ ${n % 2}`,
    prompt: `Question ${n} before`,
    choices: [true, false, false],
  }));
  const fresh = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
    kind: 'single' as const,
    topic: `หัวข้อ ${n % 2}`,
    prompt: `คำถามใหม่ ${n}`,
    choices: [true, false, false],
  }));
  let pre: Made;
  let post: Made;
  const seenIds = () => new Set(post.questions.slice(0, 5).map((q) => q.id));
  beforeAll(async () => {
    pre = await addAssessment(t, { courseId: cat.paid, kind: 'pre_test', passingScore: 0 }, met);
    post = await addAssessment(
      t,
      { courseId: cat.paid, kind: 'post_test', questionsPerAttempt: 8, timeLimitSeconds: 600 },
      [...met.map((q) => ({ ...q, prompt: `  ${q.prompt.toUpperCase().replace(' ', '   ')} ` })), ...fresh],
    );
  });
  const ready = async () => {
    const m = await member();
    expect((await watchThrough(t, m.h, cat.paid, cat.paidEpisodes.slice(1))).statusCode).toBe(200);
    return m;
  };

  it('avoids the questions the learner met in the pre-test, as far as the pool allows', async () => {
    const m = await ready();
    const standing = (await call(m.h, 'GET', `/course/${cat.paid}/completion`)).json();
    expect(standing.postTest.questionCount).toBe(8);
    await takeOnce(m.h, pre.id);
    const first = (await takeOnce(m.h, post.id)).sheet.map((q) => q.id);
    // Seven questions are new to the learner: all of them, and one met in the pre-test to make eight.
    expect(first).toHaveLength(8);
    expect(first.filter((id) => seenIds().has(id))).toHaveLength(1);
    // The retake: the four pre-test questions not asked yet, then four of the first sheet.
    const second = (await takeOnce(m.h, post.id)).sheet.map((q) => q.id);
    expect(second.filter((id) => seenIds().has(id) && !first.includes(id))).toHaveLength(4);
    expect(second.filter((id) => first.includes(id))).toHaveLength(4);
  });

  it("does not avoid questions another learner met, or questions of another course's pre-test", async () => {
    const other = await ready();
    await takeOnce(other.h, pre.id);
    const elsewhere = await addAssessment(
      t,
      { courseId: cat.free, kind: 'pre_test', passingScore: 0 },
      met.map((q) => ({ ...q })),
    );
    let again = 0;
    for (let i = 0; i < 3; i++) {
      const m = await ready();
      await takeOnce(m.h, elsewhere.id);
      const { sheet } = await takeOnce(m.h, post.id);
      again += sheet.filter((q) => seenIds().has(q.id)).length;
    }
    // Avoided, each first sheet would hold exactly one of those five. Drawn freely, eight of twelve hold at
    // least one and seldom exactly one (about once in ninety): three times in a row about once in 700,000.
    expect(again).toBeGreaterThan(3);
  });
});

describe("a quiz's pool and the pre-test", () => {
  it("draws the questions met in the course's pre-test like any other: only the post-test avoids them", async () => {
    const c = await seedCatalogue(t);
    const seen = {
      kind: 'single' as const,
      topic: 'หัวข้อ ก',
      prompt: 'Question met before',
      choices: [true, false],
    };
    const pre = await addAssessment(t, { courseId: c.paid, kind: 'pre_test', passingScore: 0 }, [seen]);
    // Two topics: a draw of two spread over them always takes the one question of the first, the one met.
    const quiz = await addAssessment(
      t,
      { courseId: c.paid, episodeId: c.paidEpisodes[0]!.id, kind: 'episode_quiz', questionsPerAttempt: 2 },
      [seen, ...[1, 2].map((n) => ({ ...seen, topic: 'หัวข้อ ข', prompt: `คำถามใหม่ ${n}` }))],
    );
    const m = await member();
    await takeOnce(m.h, pre.id);
    const { sheet } = await takeOnce(m.h, quiz.id);
    expect(sheet).toHaveLength(2);
    expect(sheet.map((q) => q.id)).toContain(quiz.questions[0]!.id);
  });
});

describe('the setting in the console', () => {
  it('keeps questionsPerAttempt, and refuses a count under one', async () => {
    const admin = bearer((await adminUser(t)).token);
    const made = await addAssessment(
      t,
      { courseId: cat.paid, episodeId: cat.paidEpisodes[2]!.id, kind: 'episode_quiz' },
      POOL,
    );
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/assessments/${made.id}`, headers: admin })
      ).json();
    const before = await read();
    expect(before.questionsPerAttempt).toBeNull();
    const patch = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/assessments/${made.id}`,
        headers: admin,
        payload: body,
      });
    const zero = await patch({ questionsPerAttempt: 0, version: before.version });
    expect(zero.statusCode).toBe(400);
    expect((await read()).questionsPerAttempt).toBeNull();
    expect((await patch({ questionsPerAttempt: 8, version: before.version })).statusCode).toBe(200);
    const after = await read();
    expect(after.questionsPerAttempt).toBe(8);
    expect((await patch({ questionsPerAttempt: null, version: after.version })).statusCode).toBe(200);
    expect((await read()).questionsPerAttempt).toBeNull();
  });
});
