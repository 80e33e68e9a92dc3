import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Who is asking: the session's user and role, from a verified access token (plugins/auth.ts). */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: 'learner' | 'instructor' | 'admin';
}

/** Where a request came from, as a session records it. */
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * The body of an image upload as its bytes. The image types' parser gives a Buffer; any other body (none at all,
 * or JSON or text, which the app's own parsers read into a value) is no image: refused as a malformed request.
 */
export function imageBytes(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  const message = 'Send the image itself as the body: JPEG, PNG or WebP bytes with their Content-Type';
  throw new AppError('VALIDATION_ERROR', 400, message, [{ path: 'body', message }]);
}
