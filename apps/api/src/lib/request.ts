import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from '../modules/auth/auth.service.js';

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
