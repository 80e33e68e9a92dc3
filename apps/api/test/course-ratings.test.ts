import { sql } from 'drizzle-orm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationQuestions } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { seedCatalogue, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * A course's rating (issue 33): the mean of each learner's evaluation (the mean of its answers to rating
 * questions), one decimal, shown from 5 ratings; the catalogue ordered by it; and the course page's schema.org
 * data for search engines. The monthly plan of every database (migration 0007) is ฿299.
 */
let t: TestApp;
let dist: string;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
const Q = { overall: uuidv7(), teaching: uuidv7(), when: uuidv7(), words: uuidv7() };
const SKELETON = '<div class="skeleton"></div>';

beforeAll(async () => {
  // A built web app as the server serves it: the page's content goes between the marks.
  dist = await mkdtemp(path.join(os.tmpdir(), 'rianroo-ratings-'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="th"><head><title>Rianroo เรียนรู้</title><meta name="description" content="x" /></head><body><main id="boot-page"><!--page-->${SKELETON}<!--/page--></main></body></html>`,
  );
  t = await createTestApp({ WEB_DIST: dist });
  cat = await seedCatalogue(t);
  // No rating question is required: a learner may give only a choice, and then has not rated the course.
  await t.db.insert(evaluationQuestions).values([
    { id: Q.overall, sort: 1, kind: 'rating', promptTh: 'พอใจไหม', promptEn: 'Satisfied?' },
    { id: Q.teaching, sort: 2, kind: 'rating', promptTh: 'สอนชัดไหม', promptEn: 'Clear?' },
    {
      id: Q.when,
      sort: 3,
      kind: 'choice',
      promptTh: 'ใช้เมื่อใด',
      promptEn: 'When?',
      choices: [{ id: 'now', labelTh: 'ทันที', labelEn: 'Now' }],
    },
    { id: Q.words, sort: 4, kind: 'text', promptTh: 'อื่น ๆ', promptEn: 'Else' },
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

type Rating = { average: number; count: number } | null;
const slugOf = (id: string) =>
  id === cat.free ? `free-${id}` : id === cat.paid ? `invest-${id}` : `rated-${id}`;
const outlineRating = async (id: string) =>
  ((await t.app.inject(`/api/courses/${slugOf(id)}`)).json() as { course: { rating: Rating } }).course.rating;
const catalogueRating = async (id: string) => {
  const res = (await t.app.inject('/api/courses?limit=50')).json() as {
    courses: { id: string; rating: Rating }[];
  };
  return res.courses.find((c) => c.id === id)!.rating;
};

let ip = 10;
/** A learner who completes the free course (two short episodes) and evaluates it through the API. */
async function evaluateFreeCourse(answers: object[]) {
  const u = await register(t.app, {}, `10.33.0.${ip++}`);
  const h = bearer(u.access_token);
  expect((await watchThrough(t, h, cat.free, cat.freeEpisodes)).statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/course-evaluation',
    headers: h,
    payload: { courseId: cat.free, answers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return u;
}
const rated = (overall: number, teaching?: number) => [
  { questionId: Q.overall, rating: overall },
  ...(teaching === undefined ? [] : [{ questionId: Q.teaching, rating: teaching }]),
  { questionId: Q.when, choiceId: 'now' },
  { questionId: Q.words, text: '1' },
];

describe("a course's rating, from its learners' evaluations", () => {
  it('is hidden below 5 ratings and shown from the 5th: each evaluation its mean rating answer, their mean to one decimal, choices and texts ignored', async () => {
    // Evaluation means 4, 2, 4, 4.5: four ratings, nothing shown (not even on the catalogue).
    for (const [o, tch] of [[5, 3], [2], [4, 4], [5, 4]] as [number, number?][])
      await evaluateFreeCourse(rated(o, tch));
    expect(await outlineRating(cat.free)).toBeNull();
    expect(await catalogueRating(cat.free)).toBeNull();
    // The 5th (3): (4 + 2 + 4 + 4.5 + 3) / 5 = 3.5. Every answer pooled would be 30 / 8 = 3.75.
    await evaluateFreeCourse(rated(3));
    expect(await outlineRating(cat.free)).toEqual({ average: 3.5, count: 5 });
    expect(await catalogueRating(cat.free)).toEqual({ average: 3.5, count: 5 });
    // The 6th (4.5): 22 / 6 = 3.666… shown as 3.7.
    await evaluateFreeCourse(rated(5, 4));
    expect(await outlineRating(cat.free)).toEqual({ average: 3.7, count: 6 });
    // An evaluation with no rating answer (a choice and a text only) is not a rating.
    await evaluateFreeCourse([
      { questionId: Q.when, choiceId: 'now' },
      { questionId: Q.words, text: '5' },
    ]);
    expect(await outlineRating(cat.free)).toEqual({ average: 3.7, count: 6 });
  });

  it('counts only answers to rating questions: a number stored against a choice question counts for nothing', async () => {
    const before = await outlineRating(cat.free);
    expect(before).not.toBeNull();
    // Not what the API stores (checkEvaluation keeps each kind in its field), but a row of older data could.
    const userId = uuidv7();
    await t.db.execute(sql`insert into users (id, email) values (${userId}, ${`${userId}@example.com`})`);
    await t.db.execute(sql`insert into course_evaluations (id, user_id, course_id, answers)
      values (${uuidv7()}, ${userId}, ${cat.free}, ${JSON.stringify([{ questionId: Q.when, rating: 1 }])}::jsonb)`);
    expect(await outlineRating(cat.free)).toEqual(before);
  });

  it('keeps the answers of a rating question made inactive since (retiring a question takes no rating away)', async () => {
    const before = await outlineRating(cat.free);
    await t.db.execute(sql`update evaluation_questions set active = false where id = ${Q.teaching}`);
    try {
      expect(await outlineRating(cat.free)).toEqual(before);
    } finally {
      await t.db.execute(sql`update evaluation_questions set active = true where id = ${Q.teaching}`);
    }
  });
});

/** Published courses of their own, each rated by `ratings` learners (one evaluation each, given ratings). */
async function ratedCourse(title: string, ratings: number[], publishedMinutesAgo: number) {
  const id = uuidv7();
  await t.db.execute(sql`insert into courses (id, slug, title, status, published_at)
    values (${id}, ${`rated-${id}`}, ${title}, 'published', now() - ${publishedMinutesAgo} * interval '1 minute')`);
  for (const r of ratings) {
    const userId = uuidv7();
    await t.db.execute(sql`insert into users (id, email) values (${userId}, ${`${userId}@example.com`})`);
    const answers = [{ questionId: Q.overall, rating: r }];
    await t.db.execute(sql`insert into course_evaluations (id, user_id, course_id, answers)
      values (${uuidv7()}, ${userId}, ${id}, ${JSON.stringify(answers)}::jsonb)`);
  }
  return id;
}

describe('the catalogue ordered by rating', () => {
  let best: string, good: string, tooFew: string;
  beforeAll(async () => {
    // The one with too few ratings (all 5s) is the newest: the default order puts it first.
    good = await ratedCourse('เรตติ้งดี', [4, 4, 4, 5, 4, 4, 5], 30);
    best = await ratedCourse('เรตติ้งดีที่สุด', [5, 5, 5, 4, 5], 20);
    tooFew = await ratedCourse('เรตติ้งน้อยไป', [5, 5, 5, 5], 0);
  });

  it('puts the best rated first, then the others with no shown rating in the default order, over every page', async () => {
    const list = async (query: string) =>
      (await t.app.inject(`/api/courses?${query}`)).json() as {
        total: number;
        courses: { id: string; rating: Rating }[];
      };
    const all = await list('sort=rating&limit=50');
    const shown = all.courses.filter((c) => c.rating).map((c) => c.id);
    // The free course (3.7) is rated too, below these two.
    expect(shown).toEqual([best, good, cat.free]);
    expect(all.courses.slice(0, 3).map((c) => c.id)).toEqual(shown);
    expect(all.courses.find((c) => c.id === best)!.rating).toEqual({ average: 4.8, count: 5 });
    expect(all.courses.find((c) => c.id === good)!.rating).toEqual({ average: 4.3, count: 7 });
    expect(all.courses.find((c) => c.id === tooFew)!.rating).toBeNull();
    // The unrated follow in the default order (newest first): as the default list has them.
    const byDefault = (await list('limit=50')).courses.map((c) => c.id);
    const rest = all.courses.slice(3).map((c) => c.id);
    expect(rest).toEqual(byDefault.filter((id) => !shown.includes(id)));
    expect(byDefault[0]).toBe(tooFew);
    // Pages of 2 make the same list, none repeated, each with the total.
    const paged: string[] = [];
    for (let offset = 0; offset < all.total; offset += 2) {
      const page = await list(`sort=rating&limit=2&offset=${offset}`);
      expect(page.total).toBe(all.total);
      paged.push(...page.courses.map((c) => c.id));
    }
    expect(paged).toEqual(all.courses.map((c) => c.id));
  });

  it('is one statement, whatever the number of courses (no query per course)', async () => {
    const pool = t.db.$client;
    const query = pool.query;
    let statements = 0;
    pool.query = ((...args: unknown[]) => {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof pool.query;
    try {
      for (const q of ['sort=rating&limit=50', 'limit=50']) {
        statements = 0;
        expect((await t.app.inject(`/api/courses?${q}`)).statusCode).toBe(200);
        expect(statements, q).toBe(1);
      }
    } finally {
      pool.query = query;
    }
  });

  it('refuses an order it does not have', async () => {
    const res = await t.app.inject('/api/courses?sort=cheapest');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it("the server's catalogue page follows the order, offers it in its form, and shows each card's price words and rating", async () => {
    const page = (await t.app.inject('/courses?sort=rating')).body;
    const body = /<!--page-->([\s\S]*?)<!--\/page-->/.exec(page)![1]!;
    const titles = [...body.matchAll(/<a href="\/courses\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles.slice(0, 2)).toEqual(['เรตติ้งดีที่สุด', 'เรตติ้งดี']);
    expect(body).toContain('<option value="rating" selected>คะแนนสูงสุด</option>');
    // The default order is sent as `sort=` (as all levels is `level=`), and drawn as the default list.
    const plain = (await t.app.inject('/courses?q=&level=&sort=')).body;
    expect(plain).toContain('<option value="" selected>ใหม่ล่าสุด</option>');
    expect(plain).toContain('"/courses":');
    expect(body).toContain('เรตติ้งดีที่สุด</a><p>สำหรับสมาชิก · เริ่มต้น ฿299/เดือน · ★ 4.8 จาก 5 (5 คะแนน)</p>');
    expect(body).toContain('เรตติ้งน้อยไป</a><p>สำหรับสมาชิก · เริ่มต้น ฿299/เดือน</p>');
    expect(body).toContain('ฟรี · ★ 3.7 จาก 5 (6 คะแนน)</p>');
    // The app's first answer comes with the page, under the address it asks.
    const data = /<script type="application\/json" id="page-data" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(
      page,
    )!;
    expect(Object.keys(JSON.parse(data[1]!))).toEqual(['/courses?sort=rating']);
  });
});

const jsonLd = (html: string) => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return { raw: blocks[0]![1]!, data: JSON.parse(blocks[0]![1]!) as Record<string, unknown> };
};

describe("a course page's schema.org data (search engines)", () => {
  it("describes a members' course: a Course by the site, in Thai, online, at the members' price, with no rating below 5", async () => {
    const slug = `invest-${cat.paid}`;
    const page = (await t.app.inject(`/courses/${slug}`)).body;
    const { data } = jsonLd(page);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'ลงทุนหุ้นเบื้องต้น',
      description: 'เรียนรู้การอ่านงบการเงินและการเลือกหุ้นปันผล',
      url: `http://rianroo.test/courses/${slug}`,
      inLanguage: 'th',
      provider: { '@type': 'Organization', name: 'Rianroo เรียนรู้', url: 'http://rianroo.test' },
      offers: [
        {
          '@type': 'Offer',
          category: 'Subscription',
          price: 299,
          priceCurrency: 'THB',
          url: 'http://rianroo.test/pricing',
        },
      ],
      hasCourseInstance: [{ '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: 'PT6M' }],
    });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(page).toContain('<p class="boot-n">สำหรับสมาชิก · เริ่มต้น ฿299/เดือน</p>');
  });

  it('carries the rating only once it is shown (from 5), with its scale', async () => {
    const few = await ratedCourse('สี่คะแนน', [5, 5, 4, 5], 40);
    expect(jsonLd((await t.app.inject(`/courses/rated-${few}`)).body).data).not.toHaveProperty(
      'aggregateRating',
    );
    const page = (await t.app.inject(`/courses/free-${cat.free}`)).body;
    const { data } = jsonLd(page);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.7,
      ratingCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        category: 'Free',
        price: 0,
        priceCurrency: 'THB',
        url: `http://rianroo.test/courses/free-${cat.free}`,
      },
    ]);
    expect(page).toContain('<p class="boot-n">ฟรี · ★ 3.7 จาก 5 (6 คะแนน)</p>');
  });

  it('a title with </script> cannot close the data: written \\u003c, read back whole', async () => {
    const hostile = `</script><script>alert(1)</script><!-- "x" & y`;
    const id = await ratedCourse(hostile, [], 50);
    const page = (await t.app.inject(`/courses/rated-${id}`)).body;
    expect(page).not.toContain('<script>alert(1)');
    const { raw, data } = jsonLd(page);
    expect(raw).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--');
    expect(data.name).toBe(hostile);
  });
});
