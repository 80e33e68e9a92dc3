import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fromThisMachine } from '../../lib/net.js';
import { databaseAnswers, latestDevMail } from './system.repo.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...endpoint(app, 'GET /api/health'), handler: async () => ({ status: 'ok' as const }) });

  app.route({
    ...endpoint(app, 'GET /api/ready'),
    handler: async () => {
      if (!(await databaseAnswers(app.db)))
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'Database unreachable');
      return { status: 'ready' as const, database: 'up' as const };
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/public-config'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const c = app.config;
      return {
        googleClientId: c.googleClientId,
        facebookAppId: c.facebook?.appId ?? null,
        facebookDialogUrl: c.facebook?.dialogUrl ?? 'https://www.facebook.com/v19.0/dialog/oauth',
        partnerSignIn: c.oidc.siriraj ? { name: c.oidc.siriraj.label } : null,
        lineLogin: !!c.oidc.line,
        chatUrl: c.chatUrl,
        // An external content service (CONTENT_URL) wins; else the supervised one, through our origin.
        contentUrl: c.contentUrl ?? (app.cms.origin ? '/cms' : null),
        contentToken: c.contentUrl ? c.contentToken : app.cms.readToken,
      };
    },
  });

  if (!app.config.production) {
    app.route({
      ...endpoint(app, 'GET /api/dev/mail'),
      // Every reset link is in there: only for this machine's own clients (`fromThisMachine`: not a visitor
      // forwarded by a proxy, even one on this machine), whatever HOST the development server listens on.
      handler: (request) => {
        if (!fromThisMachine(request)) throw notFound('Route');
        return latestDevMail(app.db);
      },
    });
  }
};
