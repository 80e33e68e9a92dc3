import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * Organisation seats (issue 35): an administrator grants an organisation N seats for a plan; members take them
 * on joining, in the order they joined, never more than N, also when many join at once; a seat opens every
 * course (the one entitlement rule, course_access) until the grant ends; a member leaving gives theirs to the
 * first member waiting.
 */
let t: TestApp;
let admin = { token: '', id: '' };
let manager = { token: '', id: '' };
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let yearPlan = '';
let trialPlan = '';

const q = <R extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
) => t.db.$client.query<R>(text, values);
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

async function organisation(code: string) {
  const id = uuidv7();
  await q('insert into organizations (id, name, invite_code) values ($1, $2, $3)', [
    id,
    `องค์กร ${code}`,
    code,
  ]);
  return id;
}
const grant = (org: string, body: Record<string, unknown>, token = admin.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/organizations/${org}/seats`,
    headers: bearer(token),
    payload: { planId: yearPlan, endsAt: inAYear(), ...body },
  });
const join = (token: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/organizations/join', headers: bearer(token), payload: { code } });
const access = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/check/course/${cat.paid}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { canAccess: boolean; reason: string; expiresAt: string | null };
};
/** Who holds the organisation's seats, and how many members it has. */
async function seatsOf(org: string) {
  const { rows } = await q<{ user_id: string }>(
    'select user_id from organization_seats where organization_id = $1',
    [org],
  );
  const { rows: m } = await q<{ n: number }>(
    'select count(*)::int as n from users where organization_id = $1 and deleted_at is null',
    [org],
  );
  return { holders: rows.map((r) => r.user_id), members: m[0]!.n };
}
let address = 0;
/** New learners, each signing up from an address of their own (sign-ups are limited per address). */
const learners = (n: number) =>
  Promise.all(
    Array.from({ length: n }, () => register(t.app, {}, `10.35.${++address >> 8}.${address & 255}`)),
  );

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  admin = await adminUser(t);
  const m = await register(t.app, { firstName: 'ผู้จัดการ' });
  manager = { token: m.access_token, id: m.user.id };
  yearPlan = uuidv7();
  trialPlan = uuidv7();
  await q(
    `insert into plans (id, code, name, interval, length_days, price_satang) values
       ($1, $2, 'รายปี', 'year', 365, 299000), ($3, $4, 'ทดลอง', 'trial', 7, 0)`,
    [yearPlan, `y-${yearPlan}`, trialPlan, `t-${trialPlan}`],
  );
});
afterAll(() => t?.close());

describe('organisation seats', () => {
  it('20 learners joining at once take exactly the 5 seats; the holders may watch every course until the seats end, the others not', async () => {
    const org = await organisation(`SEAT${Date.now()}`);
    const code = (
      await q<{ invite_code: string }>('select invite_code from organizations where id = $1', [org])
    ).rows[0]!.invite_code;
    const granted = await grant(org, { seats: 5 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().seatPool).toMatchObject({ seats: 5, taken: 0, waiting: 0, planName: 'รายปี' });

    const people = await learners(20);
    const joined = await Promise.all(people.map((p) => join(p.access_token, code)));
    expect(joined.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const { holders, members } = await seatsOf(org);
    expect(members).toBe(20);
    expect(holders).toHaveLength(5);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/organizations/${org}`,
      headers: bearer(admin.token),
    });
    expect(detail.json().seatPool).toMatchObject({ seats: 5, taken: 5, waiting: 15 });
    const endsAt = detail.json().seatPool.endsAt as string;

    const holder = people.find((p) => holders.includes(p.user.id))!;
    const waiting = people.find((p) => !holders.includes(p.user.id))!;
    expect(await access(holder.access_token)).toEqual({
      canAccess: true,
      reason: 'organization',
      expiresAt: endsAt,
    });
    expect(await access(waiting.access_token)).toMatchObject({ canAccess: false, reason: 'none' });

    // The seats end: nobody holds access by them any more; the members stay members.
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/organizations/${org}/seats`,
      headers: bearer(admin.token),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().seatPool).toBeNull();
    expect(await access(holder.access_token)).toMatchObject({ canAccess: false, reason: 'none' });
    expect((await seatsOf(org)).members).toBe(20);
  });

  it('a grant raised while learners join at once: never more seats held than granted, and none left free while a member waits', async () => {
    const org = await organisation(`RACE${Date.now()}`);
    expect((await grant(org, { seats: 2 })).statusCode).toBe(200);
    const people = await learners(12);
    const code = (
      await q<{ invite_code: string }>('select invite_code from organizations where id = $1', [org])
    ).rows[0]!.invite_code;
    const answers = await Promise.all([
      ...people.map((p) => join(p.access_token, code)),
      grant(org, { seats: 7 }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(13).fill(200));
    const { holders, members } = await seatsOf(org);
    expect(members).toBe(12);
    expect(holders).toHaveLength(7);
  });

  it('a member leaving gives the seat to the member who has waited longest; a manager sees who holds one', async () => {
    const org = await organisation(`LEAVE${Date.now()}`);
    await q('insert into organization_managers (organization_id, user_id) values ($1, $2)', [
      org,
      manager.id,
    ]);
    expect((await grant(org, { seats: 2 })).statusCode).toBe(200);
    const code = (
      await q<{ invite_code: string }>('select invite_code from organizations where id = $1', [org])
    ).rows[0]!.invite_code;
    const people = await learners(4);
    // One after another: the first two take the seats, the third waits before the fourth.
    const answers = [];
    for (const p of people) answers.push(await join(p.access_token, code));
    // Each learner is told whether they got a seat, and until when it opens every course.
    expect(answers.map((a) => a.json().organization.seat?.held)).toEqual([true, true, false, false]);
    const endsAt = answers[0]!.json().organization.seat.endsAt as string;
    expect(Date.parse(endsAt)).toBeGreaterThan(Date.now());
    const [first, second, third, fourth] = people.map((p) => p.user.id) as [string, string, string, string];
    expect((await seatsOf(org)).holders.sort()).toEqual([first, second].sort());

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/${org}/members/${first}`,
      headers: bearer(manager.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await seatsOf(org)).holders.sort()).toEqual([second, third].sort());
    expect(await access(people[2]!.access_token)).toEqual({
      canAccess: true,
      reason: 'organization',
      expiresAt: endsAt,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/users/organization',
      headers: bearer(people[2]!.access_token),
    });
    expect(mine.json().organization.seat).toEqual({ held: true, endsAt });
    expect(await access(people[0]!.access_token)).toMatchObject({ canAccess: false, reason: 'none' });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/org/${org}/members?size=50`,
      headers: bearer(manager.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const seat = Object.fromEntries(
      (list.json().items as { id: string; hasSeat: boolean }[]).map((m) => [m.id, m.hasSeat]),
    );
    expect(seat).toEqual({ [second]: true, [third]: true, [fourth]: false });
    const overview = await t.app.inject({
      method: 'GET',
      url: `/api/org/${org}`,
      headers: bearer(manager.token),
    });
    expect(overview.json().seatPool).toMatchObject({ seats: 2, taken: 2, waiting: 1 });
  });

  it('fewer seats than members hold is refused (409 SEATS_BELOW_TAKEN) and changes nothing; more seats go to those waiting', async () => {
    const org = await organisation(`LOW${Date.now()}`);
    const code = (
      await q<{ invite_code: string }>('select invite_code from organizations where id = $1', [org])
    ).rows[0]!.invite_code;
    expect((await grant(org, { seats: 3 })).statusCode).toBe(200);
    for (const p of await learners(5)) expect((await join(p.access_token, code)).statusCode).toBe(200);
    const before = await seatsOf(org);
    expect(before.holders).toHaveLength(3);

    const lower = await grant(org, { seats: 2 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().code).toBe('SEATS_BELOW_TAKEN');
    const pool = await q('select seats from organization_seat_pools where organization_id = $1', [org]);
    expect(pool.rows).toEqual([{ seats: 3 }]);
    expect((await seatsOf(org)).holders.sort()).toEqual(before.holders.sort());

    expect((await grant(org, { seats: 10 })).json().seatPool).toMatchObject({
      seats: 10,
      taken: 5,
      waiting: 0,
    });
    const audit = await q<{ action: string }>(
      `select action from audit_log where entity = 'organization' and entity_id = $1 order by id`,
      [org],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['organization.seats', 'organization.seats']);
  });

  it('bad grants are 400 and change nothing; learners may not grant; an unknown organisation is 404', async () => {
    const org = await organisation(`BAD${Date.now()}`);
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const body of [
      { seats: 0 },
      { seats: 100_001 },
      { seats: 2.5 },
      { seats: 5, endsAt: past },
      { seats: 5, planId: trialPlan },
      { seats: 5, planId: uuidv7() },
      { seats: 5, endsAt: 'tomorrow' },
    ]) {
      const res = await grant(org, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await q('select 1 from organization_seat_pools where organization_id = $1', [org])).rows).toEqual(
      [],
    );
    expect((await grant(org, { seats: 5 }, manager.token)).statusCode).toBe(403);
    expect((await grant(uuidv7(), { seats: 5 })).statusCode).toBe(404);
  });
});
