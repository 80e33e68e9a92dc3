import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy } from './security-headers.js';

/** What Vite writes where each page's nonce goes (apps/web/vite.config.ts, `html.cspNonce`). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app at the same origin as /api: hashed assets cached for a year, and client routes
 * answered with index.html (history fallback). /api/* and /cms/* misses stay JSON 404s. index.html is made per request
 * with a fresh CSP nonce (docs/decisions/007), so it is never cached and carries no validator (a 304 would
 * pair the old page's nonce with the new policy).
 */
export interface WebOptions {
  /**
   * Tags for the head of one page (Open Graph of a shared link, e.g. a certificate's verification page), or
   * nothing; already escaped HTML.
   */
  pageMeta?: (path: string) => Promise<string | undefined>;
}

export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    const root = app.config.webDist;
    const indexFile = path.join(root, 'index.html');
    const hasWeb = existsSync(indexFile);
    const csp = contentSecurityPolicy(app.config);
    let page = { mtimeMs: -1, html: '' };
    // Read again when the build changes under a running server (development); in production, once.
    const pageHtml = () => {
      if (app.config.production && page.mtimeMs >= 0) return page.html;
      const { mtimeMs } = statSync(indexFile);
      if (mtimeMs !== page.mtimeMs) page = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
      return page.html;
    };
    const sendPage = async (reply: FastifyReply, path = '/') => {
      const nonce = randomBytes(16).toString('base64');
      let html = pageHtml().replaceAll(NONCE_PLACEHOLDER, nonce);
      const meta = await opts.pageMeta?.(path).catch((err: unknown) => {
        // The page works without its preview tags.
        app.log.warn({ err, path }, 'page meta tags not made');
        return undefined;
      });
      if (meta) html = html.replace('</head>', `${meta}</head>`);
      return reply
        .header('content-security-policy', csp.page(nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        // The build's brotli and gzip copies (apps/web/scripts/precompress.mjs), by the client's Accept-Encoding.
        preCompressed: true,
        // The page itself is never served as a file: it needs its nonce.
        allowedPath: (pathname) => pathname !== '/index.html',
        setHeaders: (res, file) => {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The folder itself would be a 403 from the file server: it is the home page.
      app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
    } else {
      app.log.warn({ root }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      const isPage = url === '/index.html' || !path.extname(url);
      // Under /api and /cms every answer is JSON, a miss included: never the web app's page.
      if (hasWeb && wantsPage && isPage && !/^\/(api|cms)(\/|$)/i.test(url)) {
        return sendPage(reply, url);
      }
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` });
    });
  },
  { name: 'web' },
);
