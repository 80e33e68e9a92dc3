import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/errors.js';

/** Request headers passed on to the content service (the read token among them). */
const REQUEST_HEADERS = [
  'authorization',
  'accept',
  'accept-language',
  'if-none-match',
  'if-modified-since',
  'range',
];
/** Response headers passed back. */
const RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'etag',
  'last-modified',
  'cache-control',
  'accept-ranges',
  'content-range',
];

export interface ProxiedAnswer {
  status: number;
  /** The path asked of the content service (/api/… or /uploads/…). */
  path: string;
  headers: Record<string, string>;
  body: Readable | null;
}

export type UnreachableWarning = (request: FastifyRequest, reason: string) => void;

/**
 * While the content service is down every page asks it several times: one warning per `everyMs` is enough,
 * with the number of failures since the last one.
 */
export function unreachableWarning(everyMs = 30_000): UnreachableWarning {
  let lastWarning = -Infinity;
  let notWarned = 0;
  return (request, reason) => {
    if (Date.now() - lastWarning < everyMs) {
      notWarned++;
      return;
    }
    request.log.warn(
      { reason, target: request.url, alsoFailedSinceLastWarning: notWarned },
      'content service unreachable',
    );
    lastWarning = Date.now();
    notWarned = 0;
  };
}

/**
 * Forwards a GET/HEAD under /cms to the content service at `origin` (path without /cms, same query string).
 * Down: 502; no answer within `timeoutMs`: 504; both in the one error shape.
 */
export async function proxyToContentService(
  request: FastifyRequest,
  origin: string,
  timeoutMs: number,
  warnUnreachable: UnreachableWarning,
): Promise<ProxiedAnswer> {
  // The path and query asked, also of an absolute-form request line (`GET http://host/cms/api/...`, legal
  // HTTP/1.1), resolved first, so that `..` (plain or %2e-encoded) cannot reach Strapi's admin routes.
  const asked = new URL(request.url, 'http://request.invalid');
  const target = new URL(`${origin}${`${asked.pathname}${asked.search}`.replace(/^\/cms/, '')}`);
  if (!/^\/(api|uploads)\//.test(target.pathname)) throw notFound('Content');
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const name of REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let res: Response;
  try {
    res = await fetch(target, {
      method: request.method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    warnUnreachable(request, (err as Error).message);
    throw timedOut
      ? new AppError('SERVICE_UNAVAILABLE', 504, 'The content service did not answer in time')
      : new AppError('SERVICE_UNAVAILABLE', 502, 'The content service is not available');
  }
  // Refusals in the one error shape, of files too (Strapi's own 404 body names its internals); a range past a
  // file's end (416) goes through as it came, with the Content-Range that tells the file's length.
  const api = target.pathname.startsWith('/api/');
  if (res.status >= 400 && (api || res.status !== 416)) {
    await res.body?.cancel();
    throw contentError(res.status, api && target.search !== '');
  }
  const answer: Record<string, string> = {};
  for (const name of RESPONSE_HEADERS) {
    const value = res.headers.get(name);
    if (value) answer[name] = value;
  }
  const body = res.body && request.method !== 'HEAD' ? Readable.fromWeb(res.body) : null;
  if (!body) await res.body?.cancel();
  return { status: res.status, path: target.pathname, headers: answer, body };
}

/**
 * The content service's refusals, in the platform's one error shape. Its 5xx for an API request with a query
 * is the query's fault (malformed filters make Strapi fail, not refuse): 400. Otherwise it is the service's own
 * failure: 502.
 */
function contentError(status: number, hadQuery: boolean): AppError {
  if (status >= 500) {
    return hadQuery
      ? new AppError('BAD_REQUEST', 400, 'The content query is not valid')
      : new AppError('SERVICE_UNAVAILABLE', 502, 'The content service failed to answer');
  }
  if (status === 404) return notFound('Content');
  if (status === 401) return new AppError('UNAUTHORIZED', 401, 'The content key is not valid');
  if (status === 403) return new AppError('FORBIDDEN', 403, 'This content is not public');
  if (status === 429)
    return new AppError('RATE_LIMITED', 429, 'Too many requests; please wait and try again');
  return new AppError('BAD_REQUEST', 400, 'The content query is not valid');
}
