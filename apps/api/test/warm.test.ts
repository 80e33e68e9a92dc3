import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { warmUp } from '../src/startup/warm.js';
import { warmUpRequests } from '../src/lib/warm-up.js';
import { SESSIONS_RECENT } from '../src/plugins/auth.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, namedStatements, register, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('warming up opens every pool connection and prepares the hot statements the requests then use', async () => {
  await warmUp(t.db, 5);
  expect(t.db.$client.totalCount).toBe(5);
  // On every connection, each hot statement is past PostgreSQL's five custom plans, where it weighs one generic
  // plan: the save and the session check then run on a plan made once, not planned afresh by the first requests.
  const clients = await Promise.all([1, 2, 3, 4, 5].map(() => t.db.$client.connect()));
  try {
    for (const c of clients) {
      const { rows: plans } = await c.query<{ name: string; custom: number; generic: number }>(
        `select name, custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements order by name`,
      );
      expect(plans.map((p) => [p.name, p.custom + p.generic])).toEqual(
        ['progress_upsert', 'progress_upsert_many', 'sessions_live', 'sessions_touch', 'user_by_id'].map(
          (n) => [n, 6],
        ),
      );
      expect(plans.filter((p) => p.generic === 1).map((p) => p.name)).toEqual(
        expect.arrayContaining(['progress_upsert_many', 'sessions_live', 'user_by_id']),
      );
    }
  } finally {
    for (const c of clients) c.release();
  }
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

it('the request warm-up runs the hot paths as a learner, writes nothing, counts nothing, and its session ends with it', async () => {
  const rows = async () =>
    (
      await t.db.$client.query<{ n: string }>(
        `select (select count(*) from episode_progress) || '/' || (select count(*) from played_seconds_log)
                || '/' || (select count(*) from sessions) || '/' || (select count(*) from users) as n`,
      )
    ).rows[0]!.n;
  const requestSeries = async () =>
    (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body
      .split('\n')
      .filter((l) => l.startsWith('http_requests_total{'))
      .filter((l) => !l.includes('route="/metrics"'));
  const before = { rows: await rows(), series: await requestSeries() };

  const statements = namedStatements(t.db);
  const report = await warmUpRequests(t.app, 60).finally(statements.stop);
  // Six requests a round, ten rounds: the saves and the playback token reach their handlers (an episode that
  // does not exist: 404, not 401), the course lists answer empty, the account of a user that does not exist 401.
  expect(report.statuses).toEqual({ 200: 20, 401: 10, 404: 30 });
  // Saves in flight together went as one statement of several rows, as a viewing evening's do.
  expect(statements.names).toContain('progress_upsert_many');

  expect(await rows()).toBe(before.rows);
  expect(await requestSeries()).toEqual(before.series);
  // The session the warm-up was admitted under is refused as soon as it ends.
  const token = await t.app.signer.signAccess({ sub: report.userId, sid: report.sessionId });
  const after = await t.app.inject({
    method: 'GET',
    url: `/api/users/on-going-episode?course=${report.userId}`,
    headers: bearer(token),
  });
  expect([after.statusCode, after.json().code]).toEqual([401, 'SESSION_REVOKED']);
});

it('the request warm-up runs on the server the learners then reach, which listens afterwards as usual', async () => {
  // The code the warm-up optimises is the code the learners' requests run: the server's own sockets, requests and
  // replies (a second server's had other shapes, and V8 threw the optimised code away at the first real request).
  const two = await createTestApp({}, t);
  try {
    let connections = 0;
    const count = () => connections++;
    two.app.server.on('connection', count);
    await warmUpRequests(two.app, 12, 3);
    two.app.server.off('connection', count);
    expect(connections).toBe(3);
    expect(two.app.server.listening).toBe(false);

    await two.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = two.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    // A learner's request is counted, although it comes through the server the warm-up used.
    const metrics = await two.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/http_requests_total\{[^}]*route="\/api\/health"[^}]*\} 1\n/);
  } finally {
    await two.close();
  }
});

it('a process starting preloads the sessions used in the last 20 minutes; revoked and older ones are looked up', async () => {
  const recent = await register(t.app);
  const older = await register(t.app);
  const revoked = await register(t.app);
  const sid = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  await t.db.$client.query(`update sessions set last_used_at = now() - interval '21 minutes' where id = $1`, [
    sid(older.access_token),
  ]);
  await t.db.$client.query(`update sessions set revoked_at = now() where id = $1`, [
    sid(revoked.access_token),
  ]);

  // Another process, started after them, caching sessions for a minute.
  const two = await createTestApp({ SESSION_CACHE_SECONDS: '60' }, t);
  try {
    expect(await two.app.sessions.preload()).toBeGreaterThanOrEqual(1);
    const statements = namedStatements(two.db);
    const lookups = () => statements.names.filter((n) => n === 'sessions_live');
    const me = (token: string) => two.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });

    expect((await me(recent.access_token)).statusCode).toBe(200);
    expect(lookups()).toEqual([]);
    expect((await me(older.access_token)).statusCode).toBe(200);
    expect(lookups()).toEqual(['sessions_live']);
    expect((await me(revoked.access_token)).json().code).toBe('SESSION_REVOKED');

    // A preloaded session revoked afterwards is refused at once.
    const heard = new Promise((resolve) => two.app.sessions.once('revoked', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/save-logout-user',
      headers: bearer(recent.access_token),
    });
    await heard;
    expect((await me(recent.access_token)).json().code).toBe('SESSION_REVOKED');
  } finally {
    await two.close();
  }
});

it('the preloaded sessions expire from the cache spread over its second half, not all in the same moment', async () => {
  const learners = await Promise.all(Array.from({ length: 10 }, () => register(t.app)));
  const two = await createTestApp({ SESSION_CACHE_SECONDS: '60' }, t);
  const start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  const statements = namedStatements(two.db);
  try {
    expect(await two.app.sessions.preload()).toBeGreaterThanOrEqual(10);
    const lookupsAt = async (at: number) => {
      vi.setSystemTime(at);
      const before = statements.names.length;
      for (const u of learners) {
        const res = await two.app.inject({
          method: 'GET',
          url: '/api/auth',
          headers: bearer(u.access_token),
        });
        expect(res.statusCode).toBe(200);
      }
      return statements.names.slice(before).filter((n) => n === 'sessions_live').length;
    };
    expect(await lookupsAt(start + 29_000)).toBe(0);
    const some = await lookupsAt(start + 45_000);
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(learners.length);
  } finally {
    statements.stop();
    vi.useRealTimers();
    await two.close();
  }
});

it('the sessions used lately are read through their index, not by reading every session ever opened', async () => {
  const c = await t.db.$client.connect();
  try {
    // The planner's choice on a table this small is a sequential scan anyway: forbidden here, the query must
    // still find an index to read (without sessions_recent_idx there is none, and the plan is a Seq Scan).
    await c.query('begin');
    await c.query('set local enable_seqscan = off');
    const { rows } = await c.query<{ 'QUERY PLAN': string }>(`explain ${SESSIONS_RECENT}`, [100]);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('sessions_recent_idx');
    expect(plan).not.toMatch(/Seq Scan on sessions/);
  } finally {
    await c.query('rollback');
    c.release();
  }
});
