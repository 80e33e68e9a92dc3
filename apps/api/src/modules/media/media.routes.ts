import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { MediaService, StoredAnswer } from './media.service.js';

const headersOf = (request: FastifyRequest) => ({
  range: request.headers.range,
  ifNoneMatch: request.headers['if-none-match'],
});

const send = (reply: FastifyReply, a: StoredAnswer) =>
  reply
    .code(a.status)
    .headers(a.headers)
    .send(a.body ?? undefined);

/**
 * How many preview tokens one client address may ask for in a window: enough for a visitor trying several
 * courses' previews (and the player's renewals), not for walking the catalogue's episode ids.
 */
export const PREVIEW_TOKENS_PER_ADDRESS = { max: 30, windowSeconds: 600 };

/** Signed playback (PRODUCT.md section 5): tokens for one video, and the checked HLS files behind them. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.route({
    ...endpoint(app, 'GET /api/cloudflare/get-signed-token'),
    handler: (request) => media.playbackForLearner(request.auth, request.query.episodeId),
  });

  app.route({
    ...endpoint(app, 'GET /api/preview/get-signed-token'),
    handler: async (request) => {
      // Anyone may ask: each address asks a bounded number of times, counted before anything is looked up.
      const { max, windowSeconds } = PREVIEW_TOKENS_PER_ADDRESS;
      await app.limiter.consume(`preview-token:ip:${request.ip}`, max, windowSeconds);
      return media.playbackForVisitor(request.query.episodeId);
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/stream/:assetId/:token/*'),
    // A segment every 4 s for every viewer: counted in the metrics, its successes logged at debug only.
    config: { accessLog: 'failures' },
    handler: async (request, reply) => {
      const { assetId, token } = request.params;
      return send(reply, await media.streamFile(assetId, token, request.params['*'], headersOf(request)));
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/media/poster/:id'),
    handler: async (request, reply) => send(reply, await media.poster(request.params.id, headersOf(request))),
  });

  app.route({
    ...endpoint(app, 'GET /api/media/covers/:courseId/:file'),
    handler: async (request, reply) => {
      const { courseId, file } = request.params;
      return send(reply, await media.cover(courseId, file, headersOf(request)));
    },
  });
};
