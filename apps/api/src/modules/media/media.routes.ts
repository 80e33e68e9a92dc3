import {
  apiError,
  coverFileParams,
  posterParams,
  signedPlayback,
  signedTokenQuery,
  streamParams,
} from '@rianroo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  app.get(
    '/cloudflare/get-signed-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['media'],
        security: [{ bearerAuth: [] }],
        summary: 'A short-lived playback token for the video of one episode',
        description:
          'Only for a learner entitled to the episode (teasers: anyone logged in). 409 VIDEO_NOT_READY while the video is being transcoded.',
        querystring: signedTokenQuery,
        response: { 200: signedPlayback, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    (request) => media.playbackForLearner(request.auth, request.query.episodeId),
  );

  app.get(
    '/stream/:assetId/:token/*',
    {
      // A segment every 4 s for every viewer: counted in the metrics, its successes logged at debug only.
      config: { accessLog: 'failures' },
      schema: {
        tags: ['media'],
        summary: 'HLS playlists, segments and captions of one video, for the holder of its playback token',
        params: streamParams,
      },
    },
    async (request, reply) => {
      const { assetId, token } = request.params;
      return send(reply, await media.streamFile(assetId, token, request.params['*'], headersOf(request)));
    },
  );

  app.get(
    '/media/poster/:id',
    {
      schema: {
        tags: ['media'],
        summary: "Poster image of a video (public, like a course's cover)",
        params: posterParams,
      },
    },
    async (request, reply) => send(reply, await media.poster(request.params.id, headersOf(request))),
  );

  app.get(
    '/media/covers/:courseId/:file',
    {
      schema: {
        tags: ['media'],
        summary: "A course's cover image uploaded in the console (public)",
        params: coverFileParams,
      },
    },
    async (request, reply) => {
      const { courseId, file } = request.params;
      return send(reply, await media.cover(courseId, file, headersOf(request)));
    },
  );
};
