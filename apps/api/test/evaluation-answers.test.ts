import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationQuestions } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { seedCatalogue, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * The learner's course evaluation: its free text and the shape of its answers (each question answered once,
 * in its kind's one field; a required text answered by something visible). The free course of the catalogue
 * (two 50 s episodes, no post-test) is completed by watching both.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
const Q = { rating: uuidv7(), choice: uuidv7(), text: uuidv7(), optionalRating: uuidv7() };

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
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
    // A required free-text question: the learner must write something.
    {
      id: Q.text,
      sort: 3,
      kind: 'text',
      promptTh: 'สิ่งที่ได้เรียนรู้',
      promptEn: 'What you learnt',
      required: true,
    },
    {
      id: Q.optionalRating,
      sort: 4,
      kind: 'rating',
      promptTh: 'ความยาก',
      promptEn: 'Difficulty',
      required: false,
    },
  ]);
});
afterAll(() => t.close());

let ip = 10;
async function graduate() {
  const u = await register(t.app, {}, `10.77.0.${ip++}`);
  const h = bearer(u.access_token);
  expect((await watchThrough(t, h, cat.free, cat.freeEpisodes)).statusCode).toBe(200);
  return { ...u, h };
}
const evaluate = (h: Record<string, string>, answers: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/course-evaluation',
    headers: h,
    payload: { courseId: cat.free, answers },
  });
const stored = async (userId: string) =>
  (await t.db.$client.query(`select answers from course_evaluations where user_id = $1`, [userId])).rows;

describe('course evaluation: free text', () => {
  it('a required text question is not answered by invisible characters only (zero-width, bidi overrides)', async () => {
    const u = await graduate();
    for (const invisible of ['\u200B', '\u200B\u200C\u200D\u2060', '\u202E\u202D', '\u200F\u200E']) {
      const res = await evaluate(u.h, [
        { questionId: Q.rating, rating: 4 },
        { questionId: Q.choice, choiceId: 'now' },
        { questionId: Q.text, text: invisible },
      ]);
      expect(res.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await stored(u.user.id)).toHaveLength(0);
  });
});

describe('course evaluation: the shape of the answers', () => {
  it('two answers to the same question are refused with 400, not quietly reduced to the last one', async () => {
    const u = await graduate();
    const res = await evaluate(u.h, [
      { questionId: Q.rating, rating: 1 },
      { questionId: Q.rating, rating: 5 },
      { questionId: Q.choice, choiceId: 'now' },
      { questionId: Q.text, text: 'ดีมาก' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await stored(u.user.id)).toHaveLength(0);
  });

  it('an answer in the wrong field for its question (text for a rating) is refused with 400, not dropped', async () => {
    const u = await graduate();
    const res = await evaluate(u.h, [
      { questionId: Q.rating, rating: 4 },
      { questionId: Q.choice, choiceId: 'now' },
      { questionId: Q.text, text: 'ดีมาก' },
      // The optional rating answered with a choice and a text: nothing it can keep.
      { questionId: Q.optionalRating, choiceId: 'later', text: 'ยากมาก' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await stored(u.user.id)).toHaveLength(0);
    // The same answers, each in its own field and once, are taken.
    const ok = await evaluate(u.h, [
      { questionId: Q.rating, rating: 4 },
      { questionId: Q.choice, choiceId: 'now' },
      { questionId: Q.text, text: '\u200Bดีมาก' },
      { questionId: Q.optionalRating, rating: 2 },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await stored(u.user.id)).toHaveLength(1);
  });
});
