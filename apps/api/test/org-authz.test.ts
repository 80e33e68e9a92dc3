import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The one authorisation table of the organisation manager's console: every operation under /api/org/:orgId in
 * the OpenAPI document (a route added later is covered without a new case) refuses an anonymous caller (401), a
 * learner who manages nothing (403) and a manager of another organisation (404, the organisation not revealed),
 * before it reads the body, and lets the organisation's own manager past the gate.
 */
let t: TestApp;
let learner = '';
let otherManager = '';
let manager = '';
let orgId = '';
type Op = { method: string; path: string };
let ops: Op[] = [];

const SAMPLE_ID = '00000000-0000-7000-8000-000000000000';

async function organisation(name: string) {
  const id = uuidv7();
  await t.db.execute(sql`insert into organizations (id, name) values (${id}, ${name})`);
  return id;
}
async function managerOf(org: string) {
  const u = await register(t.app);
  await t.db.execute(
    sql`insert into organization_managers (organization_id, user_id) values (${org}, ${u.user.id})`,
  );
  return u.access_token;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = (await register(t.app)).access_token;
  orgId = await organisation('โรงพยาบาลทดสอบ');
  manager = await managerOf(orgId);
  otherManager = await managerOf(await organisation('โรงเรียนอื่น'));
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  ops = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/org/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(() => t?.close());

/** The operation on the organisation `org`, other ids a sample. */
const call = (op: Op, org: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: op.method as 'GET',
    url: op.path.replace('{orgId}', org).replace(/\{[^}]+\}/g, SAMPLE_ID),
    headers,
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('organisation console authorisation table', () => {
  it('finds the console operations in the OpenAPI document, all under /api/org/{orgId}', () => {
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) expect(op.path).toMatch(/^\/api\/org\/\{orgId\}(\/|$)/);
  });

  it('every console operation refuses an anonymous caller with 401', async () => {
    for (const op of ops) {
      const res = await call(op, orgId);
      expect({ op, status: res.statusCode, code: res.json().code }).toEqual({
        op,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('every console operation refuses a learner who manages no organisation with 403', async () => {
    for (const op of ops) {
      const res = await call(op, orgId, bearer(learner));
      expect({ op, status: res.statusCode, code: res.json().code }).toEqual({
        op,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
  });

  it('every console operation answers 404 to a manager of another organisation, and for an unknown one', async () => {
    for (const op of ops) {
      for (const org of [orgId, SAMPLE_ID, 'not-an-id']) {
        const res = await call(op, org, bearer(otherManager));
        expect({ op, org, status: res.statusCode, code: res.json().code }).toEqual({
          op,
          org,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    }
  });

  it('the organisation’s own manager passes the gate of every operation', async () => {
    for (const op of ops) {
      const res = await call(op, orgId, bearer(manager));
      // Past the gate: whatever the operation says of the sample ids and the empty body, never the gate's answers
      // (a file's answer, the report's CSV or XLSX, is past it too).
      const json = String(res.headers['content-type']).includes('json');
      expect({
        op,
        gate:
          [401, 403].includes(res.statusCode) || (json && res.json().message === 'Organisation not found'),
      }).toEqual({ op, gate: false });
    }
  });

  it('the overview shows the manager’s organisation, and the managed list names it for them only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/org/${orgId}`, headers: bearer(manager) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: orgId,
      name: 'โรงพยาบาลทดสอบ',
      members: 0,
      managers: 1,
      seatPool: null,
    });
    const mine = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/users/managed-organizations', headers: bearer(token) });
    expect((await mine(manager)).json()).toEqual([{ id: orgId, name: 'โรงพยาบาลทดสอบ' }]);
    expect((await mine(learner)).json()).toEqual([]);
  });
});
