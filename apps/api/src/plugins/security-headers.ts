import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of our answers. Pages of the web app are served with a fresh nonce
 * (docs/decisions/007): then scripts run only when they carry it or were added by a script that did
 * ('strict-dynamic', which lets the content service's head scripts load what they need); 'self' and Google
 * stay listed for browsers without CSP level 3, which ignore 'strict-dynamic'. Other answers (JSON, files)
 * never hold scripts and keep the plain allow-list.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'contentUrl' | 'cloudflareStream'> & { cspConnectOrigins?: string[] },
) {
  const { contentUrl, cloudflareStream } = config;
  // Where the editors' head scripts send (analytics beacons): a setting, since it depends on the tags used.
  const beacons = (config.cspConnectOrigins ?? []).map((o) => ` ${o}`).join('');
  // Cloudflare Stream serves playlists, segments and posters from the customer's own host.
  const stream = cloudflareStream
    ? ` https://customer-${cloudflareStream.customerCode}.cloudflarestream.com`
    : '';
  // A content service on another origin is read by the browser; the built-in one (/cms) is this origin.
  const content = contentUrl && /^https?:\/\//i.test(contentUrl) ? ` ${new URL(contentUrl).origin}` : '';
  const directives = (scriptSrc: string) =>
    [
      "default-src 'self'",
      "base-uri 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline' https://accounts.google.com",
      // The summary PDF is shown in a frame from a blob: URL the page made from the authenticated answer.
      "frame-src 'self' blob: https://accounts.google.com",
      `connect-src 'self' https://accounts.google.com${content}${stream}${beacons}`,
      "img-src 'self' data: blob: https:",
      `media-src 'self' blob:${stream}`,
      // hls.js transmuxes in a worker made from a blob.
      "worker-src 'self' blob:",
      "font-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ].join('; ');
  const plain = directives("'self' https://accounts.google.com");
  return {
    plain,
    /** The policy of one page, whose scripts carry `nonce`. */
    page: (nonce: string) =>
      directives(`'nonce-${nonce}' 'strict-dynamic' 'self' https://accounts.google.com`),
  };
}

/**
 * The security headers of every answer, computed once (helmet's defaults plus our CSP). Routes that need
 * another policy (the API docs page, the web app's pages) set their own header, which replaces this one.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy(app.config).plain,
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
    // Also for the answers the router gives before any hook runs (plugins/errors.ts answerFrameworkError).
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'security-headers' },
);
