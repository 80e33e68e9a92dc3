import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app at the same origin as /api: hashed assets cached for a year, index.html never
 * cached, and client routes answered with index.html (history fallback). /api/* misses stay JSON 404s.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDist;
    const hasWeb = existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        setHeaders: (res, file) => {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ root }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasWeb && wantsPage && !url.startsWith('/api/') && url !== '/api' && !path.extname(url)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` });
    });
  },
  { name: 'web' },
);
