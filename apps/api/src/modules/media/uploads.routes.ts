import { uploadParams } from '@rianroo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { MediaService } from './media.service.js';
import type { UploadsService } from './uploads.service.js';

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
  app.route({ ...endpoint(app, 'POST /api/admin/uploads'), handler: tus });
  // Not a row of the endpoint table (a row's method is never HEAD; the OpenAPI document leaves HEAD out):
  // its schema is written here, for the validation of its address.
  app.head(
    '/uploads/:id',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Where an upload stands (tus Upload-Offset)',
        description: 'tus 1.0 (creation, termination). Errors in the one error shape as the body.',
        params: uploadParams,
      },
    },
    tus,
  );
  app.route({ ...endpoint(app, 'PATCH /api/admin/uploads/:id'), handler: tus });
  app.route({ ...endpoint(app, 'DELETE /api/admin/uploads/:id'), handler: tus });

  app.route({
    ...endpoint(app, 'GET /api/admin/episodes/:id/video'),
    handler: (request) => media.videoState(request.params.id),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/episodes/:id/preview'),
    handler: (request) => media.preview(request.auth, request.params.id),
  });
};
