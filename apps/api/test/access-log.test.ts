import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { warmUpRequests } from '../src/lib/warm-up.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * The access log: one line per request when it ends, with what an operator needs (method, address, status,
 * time) and no secret that travels in an address; the routes every viewer calls every few seconds (progress
 * saves, video segments) log their successes at debug only, their refusals as any other request.
 */
type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
};
let lines: Line[] = [];
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let learner: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, {
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  cat = await seedCatalogue(t);
  learner = await register(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  lines = [];
});

const INFO = 30;
const ofRequest = (url: string) => lines.filter((l) => l.req?.url.startsWith(url));

describe('the access log', () => {
  it('writes one line per request, when it ends: method, address, status and time', async () => {
    await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-health-1' } });
    const mine = lines.filter((l) => l.reqId === 'trace-health-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: INFO,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(mine[0]!.responseTime).toBeGreaterThanOrEqual(0);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it("logs a progress save's success at debug only, and its refusal at info", async () => {
    const save = (courseId: string, episodeId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/on-going-episode',
        headers: bearer(learner.access_token),
        payload: {
          course_id: courseId,
          episode_id: episodeId,
          last_second: 5,
          episodeCompletionPercentage: 5,
        },
      });
    expect((await save(cat.free, cat.freeEpisodes[0]!.id)).statusCode).toBe(200);
    expect(ofRequest('/api/users/on-going-episode')).toEqual([]);
    const refused = await save(cat.paid, cat.paidEpisodes[1]!.id);
    expect(refused.statusCode).toBe(403);
    expect(ofRequest('/api/users/on-going-episode')).toMatchObject([
      { level: INFO, msg: 'request completed', res: { statusCode: 403 } },
    ]);
    // Any other route logs its successes.
    await t.app.inject({ url: '/api/auth', headers: bearer(learner.access_token) });
    expect(ofRequest('/api/auth')).toMatchObject([{ level: INFO, res: { statusCode: 200 } }]);
  });

  it("leaves the warm-up's requests before listening out (they are not learners')", async () => {
    await warmUpRequests(t.app, 30);
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);
  });

  it('keeps secrets in addresses out: the playback token of a stream, a link token', async () => {
    const stream = await t.app.inject(
      `/api/stream/01a21851-e073-70e7-937f-66ec52b8e205/playback-secret-123/master.m3u8`,
    );
    expect(stream.statusCode).toBeGreaterThanOrEqual(400);
    await t.app.inject('/api/unsubscribe?token=link-secret-456&x=1');
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('playback-secret-123');
    expect(logged).not.toContain('link-secret-456');
    expect(ofRequest('/api/stream/')[0]!.req!.url).toBe(
      '/api/stream/01a21851-e073-70e7-937f-66ec52b8e205/[redacted]/master.m3u8',
    );
    expect(ofRequest('/api/unsubscribe')[0]!.req!.url).toBe('/api/unsubscribe?token=[redacted]&x=1');
    expect(logged).not.toContain(learner.access_token);
  });
});
