import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security headers of every answer, computed once (helmet's defaults plus our CSP). Routes that need
 * another policy (the API docs page) set their own header, which replaces this one.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { contentUrl, cloudflareStream } = app.config;
    // Cloudflare Stream serves playlists, segments and posters from the customer's own host.
    const stream = cloudflareStream
      ? ` https://customer-${cloudflareStream.customerCode}.cloudflarestream.com`
      : '';
    const csp = [
      "default-src 'self'",
      "base-uri 'self'",
      "script-src 'self' https://accounts.google.com",
      "style-src 'self' 'unsafe-inline' https://accounts.google.com",
      // The summary PDF is shown in a frame from a blob: URL the page made from the authenticated answer.
      "frame-src 'self' blob: https://accounts.google.com",
      `connect-src 'self' https://accounts.google.com${contentUrl ? ` ${new URL(contentUrl).origin}` : ''}${stream}`,
      "img-src 'self' data: blob: https:",
      `media-src 'self' blob:${stream}`,
      // hls.js transmuxes in a worker made from a blob.
      "worker-src 'self' blob:",
      "font-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ].join('; ');
    const headers: Record<string, string> = {
      'content-security-policy': csp,
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'security-headers' },
);
