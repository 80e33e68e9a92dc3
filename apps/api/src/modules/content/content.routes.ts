import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { proxyToContentService, unreachableWarning } from './content.service.js';

/**
 * The supervised content service at the API's origin: GET/HEAD /cms/api/* (content, with the read token the
 * browser sends) and /cms/uploads/* (images). Editors use Strapi's own port for the admin panel.
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.cms.origin;
  if (!origin) return;
  const timeoutMs = app.config.cms.proxyTimeoutMs;
  const warn = unreachableWarning();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await proxyToContentService(request, origin, timeoutMs, warn);
    void reply.status(answer.status).headers(answer.headers);
    // Uploaded files are only ever images: never let one run as a page of our origin.
    if (answer.path.startsWith('/uploads/')) {
      void reply.header('content-security-policy', "default-src 'none'; sandbox");
    }
    return reply.send(answer.body ?? '');
  };
  app.get('/cms/api/*', { schema: { hide: true } }, handler);
  app.get('/cms/uploads/*', { schema: { hide: true } }, handler);
};
