import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * ANALYTICS_FOLD_SECONDS: played seconds reach the retention curve within that many seconds, without waiting
 * for the minute's job (the browser tests rely on it).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_FOLD_SECONDS: '1' });
});
afterAll(() => t.close());

it('with ANALYTICS_FOLD_SECONDS set, a save with played ranges shows in the curve within seconds', async () => {
  const cat = await seedCatalogue(t);
  const a = await register(t.app);
  await t.db.execute(sql`update users set role = 'admin' where id = ${a.user.id}`);
  const u = await register(t.app);
  const ep = cat.freeEpisodes[0]!.id;
  const save = await t.app.inject({
    method: 'POST',
    url: '/api/users/on-going-episode',
    headers: bearer(u.access_token),
    payload: { course_id: cat.free, episode_id: ep, last_second: 8, playedRanges: [[0, 8]] },
  });
  expect(save.statusCode).toBe(200);
  const viewers = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/analytics/episodes/${ep}/retention`,
        headers: bearer(a.access_token),
      })
    )
      .json()
      .counts.slice(0, 8);
  await expect.poll(viewers, { timeout: 10_000, interval: 200 }).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
});
