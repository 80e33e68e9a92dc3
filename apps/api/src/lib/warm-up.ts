import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The warm-up's connections. Kept aside rather than marked on each request: a property added to the warm-up's
 * requests gives them another shape than a learner's, and the code optimised on them was thrown away at the
 * first real request (V8's "wrong map"), all of the HTTP path at once.
 */
const warmUpSockets = new WeakSet<Socket>();

/** A request of the warm-up (not a learner's): metrics and request logs leave it out. */
export const isWarmUpRequest = (req: IncomingMessage) => warmUpSockets.has(req.socket);

/**
 * The hot paths of a viewing evening, for a learner who exists nowhere: the progress save (every 10 s of
 * every viewer), the session check, the playback token and the episode lists of a course page. The saves
 * and the token name episodes that do not exist, so they write nothing and are answered 404; the lists
 * answer 200 with nothing in them. Each round of six saves to other episodes than the round before, so that
 * the saves in flight together go to the database as one statement of several rows, as a viewing evening's do.
 */
function warmUpRequest(): (n: number) => { method: 'GET' | 'POST'; path: string; body?: string } {
  const course = randomUUID();
  const episodes = Array.from({ length: 16 }, () => randomUUID());
  const save = (episode: string, lastSecond: number, extra: object) => ({
    method: 'POST' as const,
    path: '/api/users/on-going-episode',
    body: JSON.stringify({ course_id: course, episode_id: episode, last_second: lastSecond, ...extra }),
  });
  return (n) => {
    const round = Math.floor(n / 6);
    const episode = episodes[round % episodes.length]!;
    switch (n % 6) {
      case 0:
        return save(episode, 30, { episodeCompletionPercentage: 40, playedRanges: [[20, 30]] });
      case 1:
        return { method: 'GET', path: '/api/auth' };
      case 2:
        return save(episodes[(round + 8) % episodes.length]!, 40, { episodeCompletionPercentage: 45 });
      case 3:
        return { method: 'GET', path: `/api/cloudflare/get-signed-token?episodeId=${episode}` };
      case 4:
        return { method: 'GET', path: `/api/users/on-going-episode?course=${course}` };
      default:
        return { method: 'GET', path: `/api/users/watched-episode?course=${course}` };
    }
  };
}

export interface WarmUpReport {
  /** How many requests of each status the warm-up got back. */
  statuses: Record<number, number>;
  /** The session and user the warm-up signed its token for (neither exists; the session is refused after). */
  sessionId: string;
  userId: string;
}

/**
 * Runs the hot request paths `count` times through the app, over real HTTP, before the listener opens: on the
 * app's own server, listening meanwhile on a loopback port of its own (then closed, and opened by `listen` as
 * usual). A second server's sockets and requests had other shapes than the learners' (V8's "wrong map"): the
 * code optimised on them was thrown away at the first real request, all of the HTTP path at once (a paced
 * 4,000 saves/s first run after a start: 39 functions deoptimised in its first 50 ms, 9 since). A process fresh from a start runs its JavaScript unoptimised: measured at a
 * paced 2,000 progress saves a second, the first second after a start took the one core to 100% and queued
 * requests for up to a second (p99 of that run 0.5-1.1 s, against 40-70 ms warm; README, issue 14). The
 * requests carry a token of a session admitted only for the warm-up (SessionGuard.admitForWarmUp), which is
 * refused as soon as the warm-up ends; nothing is written, and metrics and request logs leave these out.
 */
export async function warmUpRequests(
  app: FastifyInstance,
  count: number,
  connections = 8,
): Promise<WarmUpReport> {
  const userId = randomUUID();
  const sessionId = randomUUID();
  const report: WarmUpReport = { statuses: {}, sessionId, userId };
  if (count <= 0) return report;
  await app.ready();
  const authorization = `Bearer ${await app.signer.signAccess({ sub: userId, sid: sessionId })}`;
  const server = app.server;
  const mark = (socket: Socket) => warmUpSockets.add(socket);
  server.on('connection', mark);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const request = warmUpRequest();
  const send = (r: ReturnType<typeof request>) =>
    new Promise<number>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { authorization };
      if (r.body) headers['content-type'] = 'application/json';
      const req = http.request(
        { host: '127.0.0.1', port, method: r.method, path: r.path, agent, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      // A database that does not answer must not keep the process from listening: server.ts logs and goes on.
      req.setTimeout(5000, () => req.destroy(new Error('warm-up request timed out')));
      req.end(r.body);
    });
  const admitted = app.sessions.admitForWarmUp(sessionId, userId);
  try {
    let next = 0;
    const until = Date.now() + 20_000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < count && Date.now() < until) {
          const status = await send(request(next++));
          report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        }
      }),
    );
  } finally {
    admitted.end();
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
    server.off('connection', mark);
  }
  return report;
}
