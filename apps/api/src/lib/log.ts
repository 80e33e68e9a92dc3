import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { stdSerializers } from 'pino';

type Serialized = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * Query errors carry the statement's parameters (a password hash, a token hash, an e-mail) in their message
 * and fields; logs get the database's own message and code instead.
 */
export function safeErrorSerializer(err: Error & { cause?: unknown; params?: unknown }): Serialized {
  if (err && (err.name === 'DrizzleQueryError' || 'params' in err)) {
    const cause = err.cause as { message?: string; code?: string } | undefined;
    return {
      type: 'DatabaseError',
      message: cause?.message ?? 'query failed',
      code: cause?.code,
      stack: (err.stack ?? '')
        .split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .join('\n'),
    };
  }
  const s = stdSerializers.err(err);
  return { ...s, stack: s.stack ?? '' };
}

/**
 * Secrets that travel in addresses, kept out of logs: the playback token in a stream's path, and a link's
 * `token`, `code` or `state` in its query (unsubscribe links, sign-in callbacks).
 */
export function loggableUrl(url: string): string {
  return url
    .replace(/(\/stream\/[^/?]+\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, '$1[redacted]');
}

/** How a request appears in any log line: its method, its address (secrets redacted) and where it came from. */
export function requestSerializer(req: {
  method?: string;
  url?: string;
  headers?: IncomingMessage['headers'];
  ip?: string;
  socket?: { remoteAddress?: string };
}) {
  return {
    method: req.method,
    url: loggableUrl(req.url ?? ''),
    host: req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

/**
 * Which requests a route logs when they succeed: `all` (the default), or `failures` for a route that every
 * viewer calls every few seconds (progress saves, video segments). Those are counted in the metrics
 * (`/metrics`), and their successes are logged at `debug`; their refusals and errors are logged as any other.
 */
export type AccessLog = 'all' | 'failures';

/**
 * One access-log line per request, when it ends (Fastify writes two: one when it arrives, one when it ends),
 * at the level the route's `config.accessLog` asks for its successes. `skip` leaves a request out entirely.
 */
export class AccessLogController extends LogController {
  constructor(skip: (request: FastifyRequest) => boolean) {
    super({ disableRequestLogging: skip });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) return reply.log.error({ ...line, err: error }, 'request errored');
    const quiet = reply.statusCode < 400 && request.routeOptions.config.accessLog === 'failures';
    if (quiet) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
