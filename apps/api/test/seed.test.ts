import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/db/seed.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (sql: string) => Number((await t.db.$client.query<{ n: string }>(sql)).rows[0]!.n);

describe('demo seed', () => {
  it('is idempotent and gives demo accounts, plans and a published Thai catalogue', async () => {
    await seed(t.db);
    await seed(t.db);
    expect(await count(`select count(*) as n from users where email like '%@rianroo.dev'`)).toBe(5);
    expect(await count(`select count(*) as n from plans`)).toBe(3);
    expect(await count(`select count(*) as n from courses where status = 'published'`)).toBe(6);
    expect(await count(`select count(distinct category_id) as n from courses`)).toBe(3);
    expect(await count(`select count(*) as n from episodes`)).toBe(26);
    expect(await count(`select count(*) as n from subscriptions`)).toBe(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: {
        email: 'annual@rianroo.dev',
        password: 'Rianroo-demo-2026',
        device: { id: 'seed-test-device', name: 'test' },
      },
    });
    expect(login.json().user.bought_annual).toBe(true);
    const search = await t.app.inject(`/api/courses?q=${encodeURIComponent('หุ้น')}`);
    expect(search.json().courses[0].slug).toBe('stock-investing-basics');
    const course = search.json().courses[0];
    const eps = await t.app.inject({
      method: 'POST',
      url: `/api/course/${course.id}/get-episode-and-quiz`,
      headers: bearer(login.json().access_token),
    });
    expect(eps.json().episodes.every((e: { locked: boolean }) => !e.locked)).toBe(true);
    // Every course has its instructors on the public outline, in order.
    expect(await count(`select count(*) as n from course_instructors`)).toBe(7);
    const outline = await t.app.inject({ method: 'GET', url: '/api/courses/stock-investing-basics' });
    expect(outline.json().instructors.map((i: { name: string }) => i.name)).toEqual([
      'ธนวัฒน์ กิตติพงศ์',
      'พิมพ์ชนก ศรีสวัสดิ์',
    ]);
  });
});
