import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories, courses, episodes } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The catalogue's search and the library's lists on a catalogue of two categories: what each filter keeps,
 * the order search promises (title hits before description hits, whatever their age), the 30-day window of
 * "popular", and the learner's own categories first.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
/** A free health course, newer than the rest, whose description (not title) says "ลงทุน". */
const health = {
  id: uuidv7(),
  categoryId: uuidv7(),
  categorySlug: `health-${Date.now()}`,
  episode: uuidv7(),
};

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  await t.db
    .insert(categories)
    .values({ id: health.categoryId, slug: health.categorySlug, nameTh: 'สุขภาพ', nameEn: 'Health', sort: 5 });
  await t.db.insert(courses).values({
    id: health.id,
    slug: `health-${health.id}`,
    title: 'ออกกำลังกายที่บ้าน',
    description: 'ลงทุนกับสุขภาพวันละ 15 นาที',
    categoryId: health.categoryId,
    level: 'intermediate',
    free: true,
    status: 'published',
    publishedAt: new Date(Date.now() + 60_000),
  });
  await t.db
    .insert(episodes)
    .values({ id: health.episode, courseId: health.id, sort: 1, title: 'ตอนที่ 1', durationSeconds: 60 });
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const ids = (list: { id: string }[]) => list.map((c) => c.id);
const search = async (query: string) => ids((await get(`/api/courses?${query}`)).json().courses);
const save = (token: string, courseId: string, episodeId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/on-going-episode',
    headers: bearer(token),
    payload: { course_id: courseId, episode_id: episodeId, last_second: 1, episodeCompletionPercentage: 10 },
  });

describe('catalogue search', () => {
  it('puts title hits before description hits, even when the description hit is newer', async () => {
    expect(await search(`q=${encodeURIComponent('ลงทุน')}`)).toEqual([cat.paid, health.id]);
    // Without a search the newest comes first: the order above is the title rule, not age.
    expect((await search(''))[0]).toBe(health.id);
  });

  it('filters by category (its slug), and by level', async () => {
    expect(await search(`category=${health.categorySlug}`)).toEqual([health.id]);
    expect((await search(`category=cat-${cat.categoryId}`)).sort()).toEqual([cat.paid, cat.free].sort());
    expect(await search('category=no-such-category')).toEqual([]);
    expect(await search('level=intermediate')).toEqual([health.id]);
    expect((await search('level=beginner')).sort()).toEqual([cat.paid, cat.free].sort());
    expect(await search(`level=intermediate&category=cat-${cat.categoryId}`)).toEqual([]);
  });

  it('takes a filter left empty (as a plain GET form sends it) as no filter, as it does an empty q', async () => {
    const all = (await search('')).sort();
    expect(all.length).toBeGreaterThan(0);
    expect((await search('q=')).sort()).toEqual(all);
    expect((await search('category=')).sort()).toEqual(all);
    expect((await search('tag=%20')).sort()).toEqual(all);
    expect((await search('level=')).sort()).toEqual(all);
    expect((await get('/api/courses?level=expert')).statusCode).toBe(400);
  });

  it('says how many match on every page, a page past the end included (not 0)', async () => {
    const total = async (query: string) =>
      ((await t.app.inject(`/api/courses?${query}`)).json() as { total: number; courses: unknown[] }).total;
    const all = await total('');
    expect(all).toBeGreaterThanOrEqual(3);
    expect(await total('limit=1&offset=1')).toBe(all);
    expect(await total('offset=10000')).toBe(all);
    expect(await total(`level=beginner&offset=500`)).toBe(2);
    expect(await total('q=no-such-words&offset=20')).toBe(0);
  });
});

describe('library lists', () => {
  it('popular counts learners of the last 30 days only', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const c = await register(t.app);
    // Two learners on the savings course, but long ago; one on the health course, today.
    expect((await save(a.access_token, cat.free, cat.freeEpisodes[0]!.id)).statusCode).toBe(200);
    expect((await save(b.access_token, cat.free, cat.freeEpisodes[0]!.id)).statusCode).toBe(200);
    const age = (days: number) =>
      t.db.execute(sql`update episode_progress set updated_at = now() - make_interval(days => ${days})
        where course_id = ${cat.free}`);
    await age(31);
    expect((await save(c.access_token, health.id, health.episode)).statusCode).toBe(200);
    const popular = async () => ids((await get('/api/users/my-popular-course', c.access_token)).json());
    expect(await popular()).toEqual([health.id]);
    // Back inside the window (29 days), the two learners count again and lead.
    await age(29);
    // The list is kept for a minute: read it a minute later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect(await popular()).toEqual([cat.free, health.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('by category: the categories I study come first, the others in their order', async () => {
    const order = async (token: string) =>
      ((await get('/api/users/my-category-course', token)).json() as { category: { id: string } }[]).map(
        (g) => g.category.id,
      );
    const newcomer = await register(t.app);
    expect(await order(newcomer.access_token)).toEqual([cat.categoryId, health.categoryId]);
    const learner = await register(t.app);
    expect((await save(learner.access_token, health.id, health.episode)).statusCode).toBe(200);
    expect(await order(learner.access_token)).toEqual([health.categoryId, cat.categoryId]);
  });
});
