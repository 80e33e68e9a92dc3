import { apiError, devMailList, healthAnswer, publicConfig, readyAnswer } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors.js';
import { fromThisMachine } from '../../lib/net.js';
import { databaseAnswers, latestDevMail } from './system.repo.js';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags, summary: 'Alive', response: { 200: healthAnswer } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    {
      schema: { tags, summary: 'Ready: the database answers', response: { 200: readyAnswer, 503: apiError } },
    },
    async () => {
      if (!(await databaseAnswers(app.db)))
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'Database unreachable');
      return { status: 'ready' as const, database: 'up' as const };
    },
  );

  app.get(
    '/public-config',
    { schema: { tags, summary: 'Settings the web app needs at run time', response: { 200: publicConfig } } },
    async (_request, reply) => {
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
  );

  if (!app.config.production) {
    app.get(
      '/dev/mail',
      {
        schema: {
          tags,
          summary: 'Development only: every e-mail the platform sent, newest first',
          response: { 200: devMailList },
        },
      },
      // Every reset link is in there: only for this machine's own clients (`fromThisMachine`: not a visitor
      // forwarded by a proxy, even one on this machine), whatever HOST the development server listens on.
      (request) => {
        if (!fromThisMachine(request)) throw notFound('Route');
        return latestDevMail(app.db);
      },
    );
  }
};
