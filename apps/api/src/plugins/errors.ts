import type { ErrorCode } from '@rianroo/contract';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { unavailable } from '../db/errors.js';
import { AppError } from '../lib/errors.js';

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'Malformed JSON body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
};

/** True when a string anywhere in the value holds a NUL character (PostgreSQL text cannot store one). */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

const NUL_IN_URL = /%00/i; // (a raw NUL never gets past the HTTP parser)

const nulRefused = (where: string) =>
  new AppError('VALIDATION_ERROR', 400, `Invalid ${where}: text may not contain a NUL character`, [
    { path: where, message: 'Text may not contain a NUL character' },
  ]);

const clientErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive',
  },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE', message: 'Request headers are too large' },
};

/**
 * Requests that never reach a route (malformed HTTP, headers too large, too slow): answered on the socket
 * in the same one error shape, then closed.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientErrors[err.code ?? ''] ?? {
    status: 400,
    code: 'BAD_REQUEST' as const,
    message: 'Malformed HTTP request',
  };
  const body = JSON.stringify({ statusCode: known.status, code: known.code, message: known.message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Addresses the router refuses before any route or hook (Fastify's `frameworkErrors`: broken percent-encoding):
 * answered in the one error shape, never with the address echoed back. (A parameter too long to be any of
 * ours never comes here: the router treats it as a miss, app.ts `onMaxParamLength`.)
 */
export function answerFrameworkError(_err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return reply
    .headers({ ...reply.server.securityHeaders, 'x-request-id': request.id })
    .status(400)
    .send({ statusCode: 400, code: 'BAD_REQUEST', message: 'Malformed address (its percent-encoding)' });
}

const statusCodes: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** A request refused because the database was unavailable is worth sending again this much later. */
const RETRY_AFTER_SECONDS = 1;

/** An answer in the one error shape, with the headers that go with it. */
export interface ErrorAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: { statusCode: number; code: ErrorCode; message: string };
}

/**
 * The answer to an error none of our code foresaw, logged: 503 with Retry-After when the database cannot serve
 * for a moment (the request may be sent again as it was), else a 500 that says nothing about internals. Also
 * used where a library answers for us (the tus upload server).
 */
export function unforeseenError(err: unknown, log: FastifyBaseLogger): ErrorAnswer {
  if (unavailable(err)) {
    log.warn({ err }, 'the database is unavailable for a moment');
    const message = 'The service is unavailable for a moment; please try again';
    return {
      statusCode: 503,
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message },
    };
  }
  log.error({ err }, 'unhandled error');
  const message = 'Something went wrong on our side';
  return { statusCode: 500, headers: {}, body: { statusCode: 500, code: 'INTERNAL_ERROR', message } };
}

/** One error handler, one error shape: { statusCode, code, message, details? }. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // No text input may hold NUL, on any route: refused with 400 before a handler reads it (and after the
    // route's authentication, which comes first on every secured route).
    app.addHook('preValidation', async (request) => {
      const url = request.raw.url ?? '';
      const q = url.indexOf('?');
      if (NUL_IN_URL.test(q < 0 ? url : url.slice(0, q))) throw nulRefused('params');
      if (q >= 0 && NUL_IN_URL.test(url.slice(q))) throw nulRefused('querystring');
      // Fields of JSON and form bodies; a raw body (an image, a webhook) is its route's to judge.
      if (typeof request.body === 'object' && holdsNul(request.body)) throw nulRefused('body');
    });
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        if (err.headers) void reply.headers(err.headers);
        return reply.status(err.statusCode).send({
          statusCode: err.statusCode,
          code: err.code,
          message: err.message,
          ...(err.details ? { details: err.details } : {}),
          ...err.extra,
        });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const where = err.validationContext ?? 'body';
        const details = err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
          message: v.message ?? 'Invalid value',
        }));
        return reply.status(400).send({
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: `Invalid ${where}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`,
          details,
        });
      }
      // The file server's refusal of a name it cannot check (longer than a file name may be, or an alias of
      // another's spelling): no such file, so a miss like any other.
      if (err.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
      if (err instanceof SyntaxError || (err.code && fastifyCodes[err.code])) {
        const known = fastifyCodes[err.code ?? 'FST_ERR_CTP_INVALID_JSON_BODY']!;
        return reply
          .status(known.status)
          .send({ statusCode: known.status, code: known.code, message: known.message });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // A library's own refusal: our code for its status, and a message of ours, not the library's.
        const code = statusCodes[status] ?? 'BAD_REQUEST';
        const message = STATUS_CODES[status] ?? 'Bad request';
        return reply.status(status).send({ statusCode: status, code, message });
      }
      const answer = unforeseenError(err, request.log);
      return reply.status(answer.statusCode).headers(answer.headers).send(answer.body);
    });
  },
  { name: 'errors' },
);
