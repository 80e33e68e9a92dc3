import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { inTransaction } from '../src/db/client.js';
import { recordAudit } from '../src/modules/audit/audit.repo.js';

/**
 * The one authorisation table of the admin console: every operation under /api/admin in the OpenAPI document
 * (so a route added later is covered without a new case) refuses an anonymous caller (401), a learner and an
 * instructor (403), before it reads the body or the ids, and lets an administrator past the gate.
 */
let t: TestApp;
let learner = '';
let instructor = '';
let admin = '';
type Op = { method: string; url: string };
let ops: Op[] = [];

const SAMPLE_ID = '00000000-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  learner = (await register(t.app)).access_token;
  const i = await register(t.app);
  await t.db.execute(sql`update users set role = 'instructor' where id = ${i.user.id}`);
  instructor = i.access_token;
  const a = await register(t.app);
  await t.db.execute(sql`update users set role = 'admin' where id = ${a.user.id}`);
  admin = a.access_token;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  ops = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path === '/api/admin')
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, SAMPLE_ID) })),
    );
});
afterAll(() => t?.close());

const call = (op: Op, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: op.method as 'GET',
    url: op.url,
    headers,
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('admin authorisation table', () => {
  it('finds the admin operations in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(0);
  });

  it('every admin operation refuses an anonymous caller with 401', async () => {
    for (const op of ops) {
      const res = await call(op);
      expect({ op, status: res.statusCode, code: res.json().code }).toEqual({
        op,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('every admin operation refuses a learner and an instructor with 403', async () => {
    for (const op of ops) {
      for (const token of [learner, instructor]) {
        const res = await call(op, bearer(token));
        expect({ op, status: res.statusCode, code: res.json().code }).toEqual({
          op,
          status: 403,
          code: 'FORBIDDEN',
        });
      }
    }
  });

  it('an administrator passes the gate of every admin operation', async () => {
    for (const op of ops) {
      const res = await call(op, bearer(admin));
      expect({ op, status: res.statusCode }).not.toMatchObject({ status: 401 });
      expect({ op, status: res.statusCode }).not.toMatchObject({ status: 403 });
      expect(res.statusCode, `${op.method} ${op.url}`).toBeLessThan(500);
    }
  });

  it('a learner made administrator passes at once, and an administrator demoted is refused at once', async () => {
    const u = await register(t.app);
    const audit = { method: 'GET', url: '/api/admin/audit' };
    expect((await call(audit, bearer(u.access_token))).statusCode).toBe(403);
    // The role is read live: the change reaches the session cache by the database's notification.
    const heard = () =>
      new Promise<void>((resolve) => {
        const on = (id: string) => id === u.user.id && (t.app.sessions.off('revoked', on), resolve());
        t.app.sessions.on('revoked', on);
      });
    let change = heard();
    await t.db.execute(sql`update users set role = 'admin' where id = ${u.user.id}`);
    await change;
    expect((await call(audit, bearer(u.access_token))).statusCode).toBe(200);
    change = heard();
    await t.db.execute(sql`update users set role = 'learner' where id = ${u.user.id}`);
    await change;
    expect((await call(audit, bearer(u.access_token))).statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('lists the recorded writes newest first, filtered by entity and row, with the administrator named', async () => {
    const a = await register(t.app, { firstName: 'สมศรี', lastName: 'ดูแล' });
    const entity = `thing${Date.now()}`;
    for (const [n, after] of [
      ['1', { title: 'แรก' }],
      ['2', { title: 'สอง' }],
      ['1', { title: 'สาม' }],
    ] as const)
      await inTransaction(t.db, (c) =>
        recordAudit(c, {
          actorId: a.user.id,
          action: `${entity}.update`,
          entity,
          entityId: n,
          before: null,
          after,
        }),
      );
    const all = await t.app.inject({ url: `/api/admin/audit?entity=${entity}`, headers: bearer(admin) });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((e: { after: { title: string } }) => e.after.title)).toEqual([
      'สาม',
      'สอง',
      'แรก',
    ]);
    expect(all.json().items[0].actor).toMatchObject({ id: a.user.id, name: 'สมศรี ดูแล' });
    const one = await t.app.inject({
      url: `/api/admin/audit?entity=${entity}&entityId=1&pageSize=1&page=2`,
      headers: bearer(admin),
    });
    expect(one.json()).toMatchObject({
      total: 2,
      page: 2,
      pageSize: 1,
      items: [{ after: { title: 'แรก' } }],
    });
  });

  it('a search for % or _ finds only actions holding that character, and a row id as it is written', async () => {
    const entity = `lit${Date.now()}`;
    for (const [entityId, verb] of [
      ['1', 'a%b'],
      ['row_1', 'a_b'],
      ['3', 'axb'],
    ] as const)
      await inTransaction(t.db, (c) =>
        recordAudit(c, {
          actorId: null,
          action: `${entity}.${verb}`,
          entity,
          entityId,
          before: null,
          after: 1,
        }),
      );
    const search = async (q: string) =>
      (
        await t.app.inject({ url: `/api/admin/audit?entity=${entity}&q=${q}`, headers: bearer(admin) })
      ).json() as { total: number; items: { action: string }[] };
    for (const [q, action] of [
      ['%25', `${entity}.a%b`],
      ['_', `${entity}.a_b`],
      ['row_1', `${entity}.a_b`],
    ] as const) {
      const page = await search(q);
      expect({ q, total: page.total, actions: page.items.map((e) => e.action) }).toEqual({
        q,
        total: 1,
        actions: [action],
      });
    }
  });

  it('a write rolled back leaves no record', async () => {
    const entity = `rolled${Date.now()}`;
    await expect(
      inTransaction(t.db, async (c) => {
        await recordAudit(c, {
          actorId: null,
          action: 'x.update',
          entity,
          entityId: '1',
          before: 1,
          after: 2,
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const res = await t.app.inject({ url: `/api/admin/audit?entity=${entity}`, headers: bearer(admin) });
    expect(res.json().total).toBe(0);
  });

  it('refuses a malformed query with 400 in the one error shape', async () => {
    for (const qs of ['page=0', 'pageSize=1000', 'order=sideways', 'actorId=nope'])
      expect(
        (await t.app.inject({ url: `/api/admin/audit?${qs}`, headers: bearer(admin) })).json(),
      ).toMatchObject({
        code: 'VALIDATION_ERROR',
      });
  });
});
