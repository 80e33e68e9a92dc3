import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_CHECK_TIMEOUT_MS } from '../src/db/client.js';
import { createTestApp, register, type TestApp } from './helpers.js';
import { createPartitionedTestApp } from './partition-proxy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'scrape-token-for-tests' });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('Prometheus metrics at /metrics', () => {
  it('answer only the scraper with the token, as a 404 to anyone else', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer wrong-token-for-tests!' })).statusCode).toBe(404);
    const res = await scrape({ authorization: 'Bearer scrape-token-for-tests' }, '203.0.113.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('count requests by route pattern and status, time them, and show queues, mail and the pool', async () => {
    const u = await register(t.app); // queues a welcome e-mail
    await t.app.inject({
      method: 'GET',
      url: `/api/users/${u.user.id}`,
      headers: { authorization: 'Bearer x' },
    });
    const body = (await scrape({ authorization: 'Bearer scrape-token-for-tests' })).body;
    expect(body).toMatch(/http_requests_total\{method="POST",route="\/api\/users",status="201"\} [1-9]/);
    // The pattern, never the learner's id: a bounded number of series.
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/api\/users\/:id",status="401"\} 1/);
    expect(body).not.toContain(u.user.id);
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/users"\}/,
    );
    expect(body).toMatch(/db_pool_connections\{state="idle"\} \d+/);
    expect(body).toMatch(/mail_sent_total \d+/);
    expect(body).toMatch(/progress_saves_total \d+/);
    expect(body).toMatch(/process_cpu_seconds_total/);
    expect(body).toMatch(/nodejs_eventloop_lag_seconds/);
  });

  it('show a waiting job in its queue depth', async () => {
    await t.app.jobs.send('metrics.test', { x: 1 }, { startAfter: 3600 });
    await t.app.jobs.send('metrics.test', { x: 2 });
    const body = (await scrape({ authorization: 'Bearer scrape-token-for-tests' })).body;
    expect(body).toMatch(/job_queue_depth\{queue="metrics.test"\} 2/);
    expect(body).toMatch(/job_queue_oldest_seconds\{queue="metrics.test"\} [\d.e-]+/);
    expect(body).toMatch(/^job_queue_figures_read 1$/m);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers only this machine by every measure: never a visitor forwarded by a proxy, even one on this machine', async () => {
    const local = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
        local.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      const answers = await Promise.all([
        ask('127.0.0.1'),
        ask('::1'),
        ask('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }),
        // A visitor through the trusted local proxy, and forwarding headers the API does not trust but names.
        ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
        ask('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }),
        ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' }),
        ask('127.0.0.1', { 'x-real-ip': '203.0.113.9' }),
        ask('127.0.0.1', { forwarded: 'for="[2001:db8::1]:4711"' }),
        ask('203.0.113.9'),
        ask('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 404, 404, 404, 404, 404, 404]);
      expect(answers[3]!.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'Route GET /metrics not found',
      });
    } finally {
      await local.close();
    }
  });
});

/** Resolves once `done()` holds, looking again after each turn of the event loop (no timer: the clock is fake). */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('/metrics when PostgreSQL stops answering (a partition)', () => {
  it('still answers every scrape, at the deadline of its database figures, without them and saying so', async () => {
    const t = await createPartitionedTestApp({ METRICS_TOKEN: 'scrape-token-for-tests' });
    const scrape = () =>
      t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-for-tests' } });
    try {
      await t.app.jobs.send('metrics.partition', { x: 1 });
      expect((await scrape()).body).toMatch(/job_queue_depth\{queue="metrics.partition"\} 1/);
      t.proxy.freeze();
      // The scrapes' bound is the code's own deadline, moved on a fake clock (a second on from the last
      // scrape, whose figures a scrape within the second reuses): not measured on a busy machine's wall clock.
      const checkouts = vi.spyOn(t.db.$client, 'connect');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() + 1001 });
      let answers;
      try {
        let answered = 0;
        const scrapes = Array.from({ length: 5 }, () => scrape().finally(() => answered++));
        // The queue figures' query has asked for its connection (and started its deadline).
        await until(() => checkouts.mock.calls.some((c) => c[0] === undefined));
        await vi.advanceTimersByTimeAsync(HEALTH_CHECK_TIMEOUT_MS - 1);
        expect(answered).toBe(0);
        await vi.advanceTimersByTimeAsync(1);
        await until(() => answered === 5);
        answers = await Promise.all(scrapes);
      } finally {
        vi.useRealTimers();
        checkouts.mockRestore();
      }
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const body = answers[0]!.body;
      expect(body).toMatch(/^job_queue_figures_read 0$/m);
      expect(body).not.toMatch(/job_queue_depth\{/);
      // What does not need the database is there: the pool (its callers waiting), the process.
      expect(body).toMatch(/db_pool_connections\{state="waiting"\} \d+/);
      expect(body).toMatch(/process_cpu_seconds_total/);
      t.proxy.thaw();
      expect((await scrape()).body).toMatch(/^job_queue_figures_read 1$/m);
    } finally {
      await t.close();
    }
  }, 30_000);
});
