import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The admin console's one gate (requireAdmin in plugins/auth.ts) on one admin route, for every kind of caller:
 * admin-authz.test.ts walks every admin operation; this file states the gate's answers, codes and messages.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const audit = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/admin/audit', headers });
async function withRole(role: 'learner' | 'instructor' | 'admin') {
  const u = await register(t.app);
  if (role !== 'learner') await t.db.execute(sql`update users set role = ${role} where id = ${u.user.id}`);
  const [, payload] = u.access_token.split('.');
  const sid = JSON.parse(Buffer.from(payload!, 'base64url').toString()).sid as string;
  return { id: u.user.id, token: u.access_token, sid };
}
const answer = (res: Awaited<ReturnType<typeof audit>>) => {
  const body = res.json();
  return { status: res.statusCode, code: body.code, message: body.message };
};
/** Resolves when this process has heard the database's notification about `id` (a session or a user). */
const heard = (id: string) =>
  new Promise<void>((resolve) => {
    const on = (x: string) => x === id && (t.app.sessions.off('revoked', on), resolve());
    t.app.sessions.on('revoked', on);
  });

describe('the admin gate', () => {
  it('an administrator passes; a learner and an instructor are refused with 403; nobody signed in with 401', async () => {
    const admin = await withRole('admin');
    const res = await audit(bearer(admin.token));
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().items ?? res.json())).toBe(true);
    for (const role of ['learner', 'instructor'] as const) {
      expect(answer(await audit(bearer((await withRole(role)).token)))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Administrators only',
      });
    }
    const anonymous: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
    ];
    for (const headers of anonymous) {
      expect(answer(await audit(headers))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Authentication required',
      });
    }
  });

  it('an administrator’s revoked session is refused at once, with SESSION_REVOKED', async () => {
    const admin = await withRole('admin');
    expect((await audit(bearer(admin.token))).statusCode).toBe(200);
    const revoked = heard(admin.sid);
    await t.db.execute(sql`update sessions set revoked_at = now() where id = ${admin.sid}`);
    await revoked;
    expect(answer(await audit(bearer(admin.token)))).toEqual({
      status: 401,
      code: 'SESSION_REVOKED',
      message: 'This session has ended; please sign in again',
    });
  });

  it('an administrator’s expired session, or a deleted administrator, is refused with SESSION_REVOKED', async () => {
    const expired = await withRole('admin');
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${expired.sid}`,
    );
    expect(answer(await audit(bearer(expired.token))).code).toBe('SESSION_REVOKED');
    const deleted = await withRole('admin');
    expect((await audit(bearer(deleted.token))).statusCode).toBe(200);
    const gone = heard(deleted.id);
    await t.db.execute(sql`update users set deleted_at = now() where id = ${deleted.id}`);
    await gone;
    expect(answer(await audit(bearer(deleted.token))).code).toBe('SESSION_REVOKED');
  });

  it('a genuine token naming an administrator with a learner’s session is refused', async () => {
    const admin = await withRole('admin');
    const learner = await withRole('learner');
    const forged = await t.app.signer.signAccess({ sub: admin.id, sid: learner.sid });
    expect(answer(await audit(bearer(forged))).code).toBe('SESSION_REVOKED');
    // The same signer's token for the administrator's own session passes: the refusal is the mismatch.
    expect(
      (await audit(bearer(await t.app.signer.signAccess({ sub: admin.id, sid: admin.sid })))).statusCode,
    ).toBe(200);
  });
});
