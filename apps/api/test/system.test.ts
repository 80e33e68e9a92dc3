import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_CHECK_TIMEOUT_MS } from '../src/db/client.js';
import { createTestApp, device, PRODUCTION_SETTINGS, type TestApp } from './helpers.js';
import { createPartitionedTestApp } from './partition-proxy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://app.rianroo.example', BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

describe('system endpoints and HTTP conventions', () => {
  it('health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('a request whose database connection is cut answers 503 with Retry-After, in the one error shape', async () => {
    // The users table held by another transaction; the login's query waits on it until its backend is ended
    // (as a restart or a failover of PostgreSQL would end it).
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table users in access exclusive mode');
    const login = t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'cut.off@example.com', password: 'Secret-pass-12', device: device() },
    });
    let waiting: number | undefined;
    while (waiting === undefined) {
      const { rows } = await holder.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      waiting = rows[0]?.pid;
    }
    await holder.query('select pg_terminate_backend($1)', [waiting]);
    const res = await login;
    await holder.query('rollback');
    await holder.end();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is unavailable for a moment; please try again',
    });
    // The pool drops the dead connection: the same request sent again is answered as usual.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'cut.off@example.com', password: 'Secret-pass-12', device: device() },
    });
    expect(again.statusCode).toBe(401);
  });

  it('unknown API routes are 404 in the one error shape', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('malformed JSON is 400, oversized bodies 413, wrong content type 415, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(5000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().statusCode).toBe(415);
  });

  it('sets security headers and echoes a request id', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    const generated = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await t.app.inject({
      url: '/api/health',
      headers: { origin: 'https://app.rianroo.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.rianroo.example');
    const other = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth',
      '/api/auth/refresh',
      '/api/users',
      '/api/users/{id}',
      '/api/users/partial-login',
      '/api/users/forgot-password',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/auth'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'device']),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers the public settings the web app needs', async () => {
    const res = await t.app.inject('/api/public-config');
    expect(res.json()).toMatchObject({ googleClientId: null, contentUrl: null });
    expect(typeof res.json().chatUrl).toBe('string');
  });

  it('lists development e-mail outside production', async () => {
    expect((await t.app.inject('/api/dev/mail')).statusCode).toBe(200);
  });

  it('shows the development outbox only to this machine: never to a visitor forwarded by a proxy on it', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
        proxied.app.inject({ url: '/api/dev/mail', remoteAddress, headers });
      const answers = await Promise.all([
        ask('127.0.0.1'),
        ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
        ask('127.0.0.1', { 'x-real-ip': '203.0.113.9' }),
        ask('203.0.113.9'),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 404, 404]);
      expect(answers[1]!.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      // The same app with no proxy in front: a forwarding header the API does not trust still names a visitor.
      const direct = await t.app.inject({
        url: '/api/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(direct.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('production', () => {
  it('has no development outbox: /api/dev/mail is 404 in the one error shape', async () => {
    const prod = await createTestApp({
      ...PRODUCTION_SETTINGS,
    });
    try {
      expect(prod.config.production).toBe(true);
      const res = await prod.app.inject('/api/dev/mail');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      // The same app answers its other routes: the 404 is the outbox's absence, not a dead app.
      expect((await prod.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

/** Resolves once `done()` holds, looking again after each turn of the event loop (no timer: the clock is fake). */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('when PostgreSQL stops answering (a partition)', () => {
  it('readiness answers 503 in the one error shape at its deadline (HEALTH_CHECK_TIMEOUT_MS), liveness still answers, and ready again after', async () => {
    const t = await createPartitionedTestApp();
    try {
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
      t.proxy.freeze();
      // The deadline is the code's own timer, moved on a fake clock: not measured on a wall clock that a busy
      // machine slows down.
      const checkouts = vi.spyOn(t.db.$client, 'connect');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        // Liveness needs no database: answered with the clock stopped.
        expect((await t.app.inject('/api/health')).statusCode).toBe(200);
        let answered = 0;
        const ready = Array.from({ length: 10 }, () => t.app.inject('/api/ready').finally(() => answered++));
        // Every readiness check has asked for its connection (and started its deadline). (Not vi.waitFor: with
        // fake timers it moves the clock itself.)
        await until(() => checkouts.mock.calls.filter((c) => c[0] === undefined).length === 10);
        await vi.advanceTimersByTimeAsync(HEALTH_CHECK_TIMEOUT_MS - 1);
        expect(answered).toBe(0);
        await vi.advanceTimersByTimeAsync(1);
        await until(() => answered === 10);
        const answers = await Promise.all(ready);
        expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 503));
        expect(answers[0]!.json()).toEqual({
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'Database unreachable',
        });
      } finally {
        vi.useRealTimers();
        checkouts.mockRestore();
      }
      t.proxy.thaw();
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 30_000);
});
