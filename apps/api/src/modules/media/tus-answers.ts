import { apiError, type ErrorCode } from '@rianroo/contract';
import { ERRORS, Server } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { unforeseenError } from '../../plugins/errors.js';
import { TusRefusal } from './tus-store.js';

/** Our codes for the statuses tus refuses with on its own. */
const tusCode: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'BAD_REQUEST',
  410: 'NOT_FOUND',
  412: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  460: 'BAD_REQUEST',
};

/** What a tus header must be, said as the other refusals of uploads are. */
const headerRules: Record<string, string> = {
  'upload-length': 'Give the file size in bytes (Upload-Length) as a whole number, 0 or more',
  'upload-offset': 'Give the offset to continue from (Upload-Offset) as a whole number of bytes, 0 or more',
  'upload-metadata':
    'Send the metadata (Upload-Metadata) as comma-separated pairs of a name and a Base64 value, such as episodeId and the episode id in Base64',
};

/** A refusal of malformed tus headers (by their lower-case names), with one detail per header. */
function invalidHeaders(names: string[]) {
  const details = names.map((path) => ({
    path,
    message: headerRules[path] ?? `The ${path} header is not valid for tus 1.0`,
  }));
  const message = details.map((d) => d.message).join('; ');
  return { statusCode: 400, code: 'VALIDATION_ERROR' as const, message, details };
}

/** tus's own plain-text refusal (a malformed header, a conflicting offset) in the one error shape. */
function fromTusText(status: number, text: string) {
  // The header check that runs before any handler answers "Invalid <header> <header>...".
  const invalid = status === 400 ? /^Invalid ([a-z0-9-]+(?: [a-z0-9-]+)*)$/i.exec(text.trim()) : null;
  if (invalid) return invalidHeaders(invalid[1]!.toLowerCase().split(' '));
  const code = tusCode[status] ?? 'BAD_REQUEST';
  return { statusCode: status, code, message: text.trim() || 'The upload request was refused' };
}

const inErrorShape = (body: string) => {
  try {
    return apiError.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
};

/**
 * tus's server, answering every refusal in the one error shape as JSON. tus answers some before any hook of
 * ours runs (a malformed header, a missing Tus-Resumable), and all of them as text/plain unless told.
 */
export class JsonErrorsTusServer extends Server {
  override write(...[context, headers, status, body = '']: Parameters<Server['write']>) {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const shaped = inErrorShape(body) ? body : JSON.stringify(fromTusText(status, body));
    return super.write(context, headers, status, shaped);
  }
}

/**
 * Uploads in parts joined by the server (tus concatenation, `Upload-Concat`) are the one tus extension our
 * stores do not offer (Tus-Extension says which they do): tus refuses them with a 501, which is the request's
 * doing, not a failure of ours.
 */
const NO_CONCATENATION =
  'Uploads in parts joined by the server (tus Upload-Concat) are not taken: send the file as one upload (turn off parallel uploads in the tus client)';

export interface TusErrorAnswer {
  status_code: number;
  body: string;
  headers?: Record<string, string>;
}

/**
 * How an error met while tus handles an upload's request is answered: our refusals as they are, tus's own
 * refusals in our words, and anything else as the API's 500 (or 503), logged, never with its message.
 */
export function tusErrorAnswer(err: unknown, maxBytes: number, log: FastifyBaseLogger): TusErrorAnswer {
  if (err instanceof TusRefusal) return { status_code: err.status_code, body: err.body };
  if (err === ERRORS.INVALID_LENGTH) return refusal(invalidHeaders(['upload-length']));
  if (err === ERRORS.INVALID_METADATA) return refusal(invalidHeaders(['upload-metadata']));
  if (err === ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION)
    return refusal({ statusCode: 400, code: 'BAD_REQUEST', message: NO_CONCATENATION });
  const e = err as { status_code?: number; body?: string };
  if (!e.status_code || e.status_code >= 500) {
    const answer = unforeseenError(err, log);
    return { status_code: answer.statusCode, body: JSON.stringify(answer.body), headers: answer.headers };
  }
  if (err === ERRORS.ERR_MAX_SIZE_EXCEEDED) return tooLarge(maxBytes);
  if (err === ERRORS.ERR_SIZE_EXCEEDED)
    return refusal({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'More bytes were sent than the upload said it would have (Upload-Length)',
    });
  if (e.status_code === 413) return tooLarge(maxBytes);
  return refusal(fromTusText(e.status_code, e.body ?? ''));
}

const refusal = (shape: { statusCode: number; code: ErrorCode; message: string; limitBytes?: number }) => ({
  status_code: shape.statusCode,
  body: JSON.stringify(shape),
});

const tooLarge = (max: number) =>
  refusal({
    statusCode: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `The file is larger than the limit of ${Math.floor(max / 1024 ** 2)} MB`,
    limitBytes: max,
  });
