import { sql } from 'drizzle-orm';
import {
  assessmentChoices,
  assessmentQuestions,
  assessments,
  categories,
  courses,
  courseTags,
  episodes,
  plans,
  subscriptions,
} from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import type { TestApp } from './helpers.js';

/** A small catalogue of its own per test file: a paid course (one teaser), a free course, a draft. */
export async function seedCatalogue(t: Pick<TestApp, 'db'>) {
  const categoryId = uuidv7();
  await t.db
    .insert(categories)
    .values({ id: categoryId, slug: `cat-${categoryId}`, nameTh: 'การเงิน', nameEn: 'Finance' });
  const paid = uuidv7();
  const free = uuidv7();
  const draft = uuidv7();
  const now = new Date();
  await t.db.insert(courses).values([
    {
      id: paid,
      slug: `invest-${paid}`,
      title: 'ลงทุนหุ้นเบื้องต้น',
      description: 'เรียนรู้การอ่านงบการเงินและการเลือกหุ้นปันผล',
      categoryId,
      status: 'published',
      publishedAt: new Date(now.getTime() - 1000),
    },
    {
      id: free,
      slug: `free-${free}`,
      title: 'ออมเงินฉบับเริ่มต้น',
      categoryId,
      status: 'published',
      publishedAt: now,
      free: true,
    },
    { id: draft, slug: `draft-${draft}`, title: 'ยังไม่เผยแพร่', categoryId, status: 'draft' },
  ]);
  const ep = (courseId: string, sort: number, durationSeconds: number, isTeaser = false) => ({
    id: uuidv7(),
    courseId,
    sort,
    title: `ตอนที่ ${sort}`,
    durationSeconds,
    isTeaser,
  });
  const paidEpisodes = [ep(paid, 1, 60, true), ep(paid, 2, 100), ep(paid, 3, 100), ep(paid, 4, 100)];
  const freeEpisodes = [ep(free, 1, 50), ep(free, 2, 50)];
  const draftEpisodes = [ep(draft, 1, 30)];
  await t.db.insert(episodes).values([...paidEpisodes, ...freeEpisodes, ...draftEpisodes]);
  await t.db.insert(courseTags).values([{ courseId: paid, tag: 'investing' }]);
  return { paid, free, draft, categoryId, paidEpisodes, freeEpisodes, draftEpisodes };
}

/** Gives the user an active subscription (or a trial: a trial plan) ending in 30 days. */
export async function subscribe(t: TestApp, userId: string, status: 'active' | 'trialing' = 'active') {
  const planId = uuidv7();
  await t.db.insert(plans).values({
    id: planId,
    code: `plan-${planId}`,
    name: status === 'trialing' ? 'ทดลองเรียน' : 'รายเดือน',
    interval: status === 'trialing' ? 'trial' : 'month',
    lengthDays: 30,
    priceSatang: 29_900,
  });
  await t.db.insert(subscriptions).values({
    id: uuidv7(),
    userId,
    planId,
    status,
    trial: status === 'trialing',
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
}

type Q = {
  kind: 'single' | 'multiple' | 'true_false';
  points?: number;
  choices: boolean[];
  explanation?: string;
  topic?: string;
  prompt?: string;
};

/** An assessment with questions whose choices are right or wrong as given; answers its ids. */
export async function addAssessment(
  t: TestApp,
  a: Partial<typeof assessments.$inferInsert> & {
    courseId: string;
    kind: 'episode_quiz' | 'pre_test' | 'post_test';
  },
  questions: Q[],
) {
  const id = uuidv7();
  await t.db.insert(assessments).values({ id, title: `ทดสอบ ${a.kind}`, ...a });
  const out: { id: string; kind: Q['kind']; points: number; right: string[]; wrong: string[] }[] = [];
  for (const [i, q] of questions.entries()) {
    const qid = uuidv7();
    await t.db.insert(assessmentQuestions).values({
      id: qid,
      assessmentId: id,
      sort: i + 1,
      kind: q.kind,
      prompt: q.prompt ?? `คำถามที่ ${i + 1}`,
      explanation: q.explanation ?? `คำอธิบายข้อ ${i + 1}`,
      topic: q.topic ?? '',
      points: q.points ?? 1,
    });
    const choices = q.choices.map((correct, j) => ({
      id: uuidv7(),
      questionId: qid,
      sort: j + 1,
      label: `ตัวเลือก ${j + 1}`,
      correct,
    }));
    await t.db.insert(assessmentChoices).values(choices);
    out.push({
      id: qid,
      kind: q.kind,
      points: q.points ?? 1,
      right: choices.filter((c) => c.correct).map((c) => c.id),
      wrong: choices.filter((c) => !c.correct).map((c) => c.id),
    });
  }
  return { id, questions: out };
}

/** Three questions of every kind: single (1 point), multiple with two right of four (2 points), true/false. */
export const MIXED: Q[] = [
  { kind: 'single', choices: [false, true, false] },
  { kind: 'multiple', points: 2, choices: [true, true, false, false] },
  { kind: 'true_false', choices: [true, false] },
];

/** The learner of a bearer header (the access token's subject). */
const learnerOf = (headers: Record<string, string>) =>
  JSON.parse(Buffer.from(headers.authorization!.split('.')[1]!, 'base64url').toString()).sub as string;

/**
 * Plays episodes through to their ends through the API as the player does (its played ranges, in saves of at
 * most the watch-time budget's 60 s of slack), letting the learner's budget refill before each save by moving
 * its clock back: the wall time a real learner would spend (decision 015). Answers the last save's answer.
 */
export async function watchThrough(
  t: TestApp,
  headers: Record<string, string>,
  courseId: string,
  episodes: { id: string; durationSeconds: number }[],
) {
  const userId = learnerOf(headers);
  let last: { statusCode: number; json: () => Record<string, unknown> } | undefined;
  for (const e of episodes) {
    for (let from = 0; from < e.durationSeconds; from += 60) {
      const to = Math.min(e.durationSeconds, from + 60);
      await t.db.execute(
        sql`update watch_budgets set at = least(at, now()) - interval '1 minute' where user_id = ${userId}`,
      );
      last = await t.app.inject({
        method: 'POST',
        url: '/api/users/on-going-episode',
        headers,
        payload: { course_id: courseId, episode_id: e.id, last_second: to, playedRanges: [[from, to]] },
      });
      if (last.statusCode !== 200) return last;
    }
  }
  return last!;
}
