import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeProgress, organizationCourses, organizations, users } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { seedCatalogue, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const save = (token: string, courseId: string, episodeId: string, pct: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/on-going-episode',
    headers: bearer(token),
    payload: { course_id: courseId, episode_id: episodeId, last_second: 1, episodeCompletionPercentage: pct },
  });

describe('catalogue search (public)', () => {
  // Title-first order, the category and level filters: catalogue.test.ts, on a catalogue where they can fail.
  it('finds Thai words inside a title or description, each of several typed apart; filters by tag; refuses an unknown level', async () => {
    const inTitle = (await get(`/api/courses?q=${encodeURIComponent('หุ้น')}`)).json();
    expect(inTitle.courses.map((c: { id: string }) => c.id)).toEqual([cat.paid]);
    const inDescription = (await get(`/api/courses?q=${encodeURIComponent('ปันผล')}`)).json();
    expect(inDescription.courses.map((c: { id: string }) => c.id)).toEqual([cat.paid]);
    expect((await get(`/api/courses?q=${encodeURIComponent('ออม')}`)).json().courses[0].id).toBe(cat.free);
    expect((await get('/api/courses?q=100%25')).json().total).toBe(0); // % is a character, not a wildcard
    // Words typed with spaces between them: each is looked for, all of them in one course (title or text).
    const ids = async (q: string) =>
      (await get(`/api/courses?q=${encodeURIComponent(q)}`)).json().courses.map((c: { id: string }) => c.id);
    expect(await ids('ลงทุน เบื้องต้น')).toEqual([cat.paid]);
    expect(await ids(' หุ้น  ปันผล ')).toEqual([cat.paid]);
    expect(await ids('ลงทุน ออม')).toEqual([]);
    const all = (await get('/api/courses')).json();
    expect(all.total).toBe(2); // drafts never appear
    expect((await get('/api/courses?tag=investing')).json().courses.map((c: { id: string }) => c.id)).toEqual(
      [cat.paid],
    );
    expect((await get('/api/courses?level=advanced')).json().total).toBe(0);
    expect((await get('/api/courses?level=expert')).statusCode).toBe(400);
    expect((await get('/api/courses?limit=500')).statusCode).toBe(400);
  });
});

describe('interests', () => {
  it('the catalogue names its topics; a learner picks some, and they come first in their tags', async () => {
    const topics = (await get('/api/tags')).json() as { tag: string; courses: number }[];
    expect(topics).toContainEqual({ tag: 'investing', courses: 1 });
    const u = await register(t.app);
    const pick = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.user.id}`,
      headers: bearer(u.access_token),
      payload: { tags: ['investing', 'สุขภาพ', 'investing'] },
    });
    expect(pick.statusCode).toBe(200);
    expect((await get('/api/users/user-tags', u.access_token)).json()).toEqual(['investing', 'สุขภาพ']);
    const tooMany = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.user.id}`,
      headers: bearer(u.access_token),
      payload: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('course outline (public)', () => {
  it('answers a published course by slug with its episodes, and 404 for drafts', async () => {
    const slug = (await get('/api/courses?q=' + encodeURIComponent('หุ้น'))).json().courses[0].slug;
    const res = await get(`/api/courses/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().episodes.map((e: { isTeaser: boolean }) => e.isTeaser)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(res.json().episodes[0].locked).toBeUndefined();
    expect((await get(`/api/courses/draft-${cat.draft}`)).statusCode).toBe(404);
  });
});

describe('library lists', () => {
  // The 30-day window and "my categories first": catalogue.test.ts.
  it('lists new and popular courses, and the courses of a category together', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await save(a.access_token, cat.free, cat.freeEpisodes[0]!.id, 10);
    await save(b.access_token, cat.free, cat.freeEpisodes[1]!.id, 10);
    await save(b.access_token, cat.paid, cat.paidEpisodes[0]!.id, 10);
    const newest = (await get('/api/users/my-new-course', a.access_token)).json();
    expect(newest.map((c: { id: string }) => c.id)).toEqual([cat.free, cat.paid]);
    const popular = (await get('/api/users/my-popular-course', a.access_token)).json();
    expect(popular.map((c: { id: string }) => c.id)).toEqual([cat.free, cat.paid]);
    const groups = (await get('/api/users/my-category-course', a.access_token)).json();
    expect(groups[0].category.id).toBe(cat.categoryId);
    expect(groups[0].courses).toHaveLength(2);
  });

  it('recommends co-watched courses, only to oneself, with my watched episodes of the course', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await save(b.access_token, cat.free, cat.freeEpisodes[0]!.id, 100);
    await save(b.access_token, cat.paid, cat.paidEpisodes[0]!.id, 100);
    await watchThrough(t, bearer(a.access_token), cat.free, [cat.freeEpisodes[0]!]);
    const res = (
      await get(`/api/users/my-recommended-course?userId=${a.user.id}&courseId=${cat.free}`, a.access_token)
    ).json();
    expect(res.courses.map((c: { id: string }) => c.id)).toEqual([cat.paid]);
    expect(res.watchedEpisode).toEqual([cat.freeEpisodes[0]!.id]);
    expect(
      (await get(`/api/users/my-recommended-course?userId=${b.user.id}&courseId=${cat.free}`, a.access_token))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/users/my-recommended-course?courseId=${cat.free}`, a.access_token)).statusCode,
    ).toBe(400);
  });

  it("organisation picks and grants: a member's organisation recommends and unlocks a course", async () => {
    const member = await register(t.app);
    const outsider = await register(t.app);
    const orgId = uuidv7();
    await t.db.insert(organizations).values({ id: orgId, name: 'โรงพยาบาลตัวอย่าง' });
    await t.db.insert(organizationCourses).values([
      { organizationId: orgId, courseId: cat.paid, kind: 'grant' },
      { organizationId: orgId, courseId: cat.paid, kind: 'recommend' },
    ]);
    await t.db
      .update(users)
      .set({ organizationId: orgId, tags: ['การเงิน', 'investing'] })
      .where(eq(users.id, member.user.id));
    expect(
      (await get('/api/users/organization-recommend-course', member.access_token))
        .json()
        .map((c: { id: string }) => c.id),
    ).toEqual([cat.paid]);
    expect((await get('/api/users/organization-recommend-course', outsider.access_token)).json()).toEqual([]);
    expect((await get(`/api/users/check/course/${cat.paid}`, member.access_token)).json()).toMatchObject({
      canAccess: true,
      reason: 'organization',
    });
    expect((await get(`/api/users/check/course/${cat.paid}`, outsider.access_token)).json().canAccess).toBe(
      false,
    );
    expect((await get('/api/users/user-tags', member.access_token)).json()).toEqual(['การเงิน', 'investing']);
    // Tags also come from the organisation's courses, and from what the learner watches, after the chosen ones.
    await t.db.update(users).set({ tags: [] }).where(eq(users.id, member.user.id));
    expect((await get('/api/users/user-tags', member.access_token)).json()).toEqual(['investing']);
    expect((await get('/api/users/user-tags', outsider.access_token)).json()).toEqual([]);
    await t.db.insert(episodeProgress).values({
      userId: outsider.user.id,
      episodeId: cat.paidEpisodes[0]!.id,
      courseId: cat.paid,
      lastSecond: 30,
    });
    expect((await get('/api/users/user-tags', outsider.access_token)).json()).toEqual(['investing']);
  });

  it('episode details say whether the episode is locked for me', async () => {
    const u = await register(t.app);
    expect((await get(`/api/episode/${cat.paidEpisodes[0]!.id}`, u.access_token)).json()).toMatchObject({
      isTeaser: true,
      locked: false,
    });
    expect((await get(`/api/episode/${cat.paidEpisodes[1]!.id}`, u.access_token)).json()).toMatchObject({
      isTeaser: false,
      locked: true,
    });
    expect((await get(`/api/episode/${cat.draftEpisodes[0]!.id}`, u.access_token)).statusCode).toBe(404);
  });
});
