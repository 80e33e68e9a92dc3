import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from './helpers.js';

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
  });
});
