import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.js';
import { seed } from '../src/startup/seed.js';
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
    // Each course has its own cover, one the web app serves.
    const covers = (await t.db.$client.query<{ cover_image: string }>(`select cover_image from courses`))
      .rows;
    expect(new Set(covers.map((c) => c.cover_image)).size).toBe(6);
    for (const { cover_image } of covers)
      expect(existsSync(path.join(apiRoot(), '..', 'web', 'public', cover_image))).toBe(true);
    // The demo organisation: its code, its contact requirement, its granted course.
    expect(
      await count(`select count(*) as n from organizations o join organization_courses oc on oc.organization_id = o.id
                   where o.invite_code = 'RIANROO-HOSPITAL' and o.requires_contact and oc.kind = 'grant'`),
    ).toBe(1);
    expect(await count(`select count(*) as n from subscriptions`)).toBe(1);
    // Every course: a pre-test, two quizzes after non-teaser episodes, a timed post-test; the evaluation form.
    expect(await count(`select count(*) as n from assessments where kind = 'pre_test'`)).toBe(6);
    expect(
      await count(
        `select count(*) as n from assessments where kind = 'post_test' and time_limit_seconds > 0`,
      ),
    ).toBe(6);
    // Pre-tests with no pass mark; post-tests drawing 8 of a pool of 12 (issue 30).
    expect(
      await count(`select count(*) as n from assessments where kind = 'pre_test' and passing_score = 0`),
    ).toBe(6);
    expect(
      await count(`select count(*) as n from assessments a where kind = 'post_test' and questions_per_attempt = 8
                     and (select count(*) from assessment_questions q where q.assessment_id = a.id) = 12`),
    ).toBe(6);
    expect(
      await count(`select count(*) as n from assessments a join episodes e on e.id = a.episode_id
                   where a.kind = 'episode_quiz' and not e.is_teaser`),
    ).toBe(12);
    expect(
      await count(`select count(*) as n from assessment_questions q
                   where (select count(*) from assessment_choices c where c.question_id = q.id and c.correct) <> 1
                     and q.kind <> 'multiple'`),
    ).toBe(0);
    expect(await count(`select count(*) as n from evaluation_questions where active`)).toBe(4);
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
    // The graduate has completed a course and holds its certificate, which anyone can verify.
    const graduate = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: {
        email: 'graduate@rianroo.dev',
        password: 'Rianroo-demo-2026',
        device: { id: 'seed-graduate', name: 't' },
      },
    });
    const gh = bearer(graduate.json().access_token);
    const [cert] = (await t.app.inject({ url: '/api/users/certificates', headers: gh })).json();
    expect(cert).toMatchObject({
      courseSlug: 'personal-finance-101',
      learnerName: 'ศิริพร เรียนจบ',
      revokedAt: null,
    });
    const done = await t.app.inject({ url: `/api/course/${cert.courseId}/completion`, headers: gh });
    expect(done.json()).toMatchObject({ completed: true, evaluated: true });
    expect(done.json().postTest.passed).toBe(true);
    expect((await t.app.inject(`/api/certificates/verify/${cert.code}`)).json().status).toBe('valid');
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
