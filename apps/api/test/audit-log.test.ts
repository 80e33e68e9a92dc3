import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The console's audit log reads as sentences (who did what to which named thing) and is filtered by person, kind
 * and Bangkok day: the names come from the record itself, the filters from what the log holds.
 */
let t: TestApp;
let admin: { token: string; id: string };
let other: { token: string; id: string };
let learner: { id: string; email: string };

async function entry(row: {
  actor: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: object | null;
  after?: object | null;
  at: string;
}) {
  await t.db.$client.query(
    `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      uuidv7(),
      row.actor,
      row.action,
      row.entity,
      row.entityId,
      row.before ? JSON.stringify(row.before) : null,
      row.after ? JSON.stringify(row.after) : null,
      row.at,
    ],
  );
}
const list = async (query: string, token = admin.token) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: bearer(token) });
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
  other = await adminUser(t);
  const u = await register(t.app);
  learner = { id: u.user.id, email: u.email };
  // 23:59 and 00:01 in Bangkok (UTC+7), on either side of midnight of 1-2 March 2026.
  await entry({
    actor: admin.id,
    action: 'course.update',
    entity: 'course',
    entityId: uuidv7(),
    before: { title: 'เก่า' },
    after: { title: 'การเงิน 101' },
    at: '2026-03-01T16:59:00Z',
  });
  await entry({
    actor: other.id,
    action: 'coupon.create',
    entity: 'coupon',
    entityId: uuidv7(),
    after: { code: 'SAVE10' },
    at: '2026-03-01T17:01:00Z',
  });
  await entry({
    actor: admin.id,
    action: 'course.delete',
    entity: 'course',
    entityId: uuidv7(),
    before: { title: 'คอร์สที่ลบ' },
    at: '2026-03-02T03:00:00Z',
  });
  await entry({
    actor: other.id,
    action: 'user.role',
    entity: 'user',
    entityId: learner.id,
    before: { role: 'learner' },
    after: { role: 'instructor' },
    at: '2026-03-03T03:00:00Z',
  });
});
afterAll(() => t?.close());

describe('the audit log', () => {
  it('names what was changed: the title or code after the write, before it when removed, a person’s e-mail', async () => {
    const res = await list('pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const byAction = Object.fromEntries(
      res.json().items.map((e: { action: string; entityName: string | null }) => [e.action, e.entityName]),
    );
    expect(byAction).toMatchObject({
      'course.update': 'การเงิน 101',
      'coupon.create': 'SAVE10',
      'course.delete': 'คอร์สที่ลบ',
      'user.role': learner.email,
    });
  });

  it('filters by person and kind, and by Bangkok days, both ends included', async () => {
    const actions = async (query: string) =>
      (await list(query))
        .json()
        .items.map((e: { action: string }) => e.action)
        .sort();
    expect(await actions(`actorId=${other.id}`)).toEqual(['coupon.create', 'user.role']);
    expect(await actions('entity=course')).toEqual(['course.delete', 'course.update']);
    expect(await actions('from=2026-03-01&to=2026-03-01')).toEqual(['course.update']);
    expect(await actions('from=2026-03-02&to=2026-03-02')).toEqual(['coupon.create', 'course.delete']);
    expect(await actions('from=2026-03-02')).toEqual(['coupon.create', 'course.delete', 'user.role']);
    expect(await actions(`to=2026-03-01&actorId=${admin.id}`)).toEqual(['course.update']);
  });

  it('refuses a range that ends before it starts, or a day that is not one, in the error shape', async () => {
    for (const query of ['from=2026-03-03&to=2026-03-01', 'from=2026-02-30', 'to=yesterday']) {
      const res = await list(query);
      expect({ query, status: res.statusCode, code: res.json().code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('offers as filters the people who made writes and the kinds written, nobody else', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/facets',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const facets = res.json();
    expect(facets.actors.map((a: { id: string }) => a.id).sort()).toEqual([admin.id, other.id].sort());
    expect(facets.actors.map((a: { id: string }) => a.id)).not.toContain(learner.id);
    expect(facets.entities).toEqual(['coupon', 'course', 'user']);
  });
});
