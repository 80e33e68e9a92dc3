import { adminVideoState, apiError, episodeIdParams, signedPlayback, uploadParams } from '@rianroo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaService } from './media.service.js';
import type { UploadsService } from './uploads.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/**
 * The tus endpoint of video uploads and the state of an episode's video. tus reads the raw request, so
 * its bytes (`application/offset+octet-stream`) are left unparsed and the reply is handed to it.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; media: MediaService }> = async (
  app,
  { uploads, media },
) => {
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const tus = async (request: FastifyRequest, reply: FastifyReply) => {
    // tus writes the answer on the raw response: the headers every answer carries (security headers, request
    // id, CORS), set by the hooks on the reply, go there first (tus's own headers are added to them).
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await uploads.handle(request.raw, reply.raw, request.auth.userId, request.log);
  };
  const tusSchema = (summary: string, params = false) => ({
    ...admin,
    summary,
    description: 'tus 1.0 (creation, termination). Errors in the one error shape as the body.',
    ...(params ? { params: uploadParams } : {}),
  });
  app.post('/uploads', { schema: tusSchema('Start a resumable video upload for an episode (tus)') }, tus);
  app.head('/uploads/:id', { schema: tusSchema('Where an upload stands (tus Upload-Offset)', true) }, tus);
  app.patch(
    '/uploads/:id',
    { schema: tusSchema('Send bytes of an upload from its offset (tus)', true) },
    tus,
  );
  app.delete('/uploads/:id', { schema: tusSchema('Abandon an upload (tus termination)', true) }, tus);

  app.get(
    '/episodes/:id/video',
    {
      schema: {
        ...admin,
        summary: "Where an episode's video is: none, queued, processing (percent), ready, failed (reason)",
        params: episodeIdParams,
        response: { 200: adminVideoState, 404: apiError },
      },
    },
    (request) => media.videoState(request.params.id),
  );
  app.get(
    '/episodes/:id/preview',
    {
      schema: {
        ...admin,
        summary: "A playback token for an administrator's preview of an episode's video",
        params: episodeIdParams,
        response: { 200: signedPlayback, 404: apiError, 409: apiError },
      },
    },
    (request) => media.preview(request.auth, request.params.id),
  );
};
