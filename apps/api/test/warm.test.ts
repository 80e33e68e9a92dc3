import { afterAll, beforeAll, expect, it } from 'vitest';
import { warmUp } from '../src/db/warm.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('warming up opens every pool connection and prepares the hot statements the requests then use', async () => {
  await warmUp(t.db, 5);
  expect(t.db.$client.totalCount).toBe(5);
  const { rows } = await t.db.$client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ''`,
  );
  expect(rows[0]!.n).toBeGreaterThanOrEqual(5);
  // The same names with the same statements: the requests run on the prepared ones without a conflict.
  const cat = await seedCatalogue(t);
  const u = await register(t.app);
  const saves = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((s) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/on-going-episode',
        headers: bearer(u.access_token),
        payload: {
          course_id: cat.free,
          episode_id: cat.freeEpisodes[s % 2]!.id,
          last_second: s,
          episodeCompletionPercentage: s,
        },
      }),
    ),
  );
  expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(u.access_token) })).statusCode,
  ).toBe(200);
});
