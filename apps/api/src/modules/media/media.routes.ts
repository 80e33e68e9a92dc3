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

/** Signed playback (PRODUCT.md section 5): tokens for one video, and the checked HLS files behind them. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.route({
    ...endpoint(app, 'GET /api/cloudflare/get-signed-token'),
    handler: (request) => media.playbackForLearner(request.auth, request.query.episodeId),
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
