import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { imageBytes } from '../../lib/request.js';
import type { CoursesAdminService } from './courses-admin.service.js';
import type { LookupsService } from './lookups.service.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/** Course and episode authoring: create, edit, order, publish, covers; categories and instructors. */
export const coursesAdminRoutes: FastifyPluginAsyncZod<{
  service: CoursesAdminService;
  lookups: LookupsService;
}> = async (app, { service, lookups }) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/courses'),
    handler: (request) => service.list(request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/courses'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/courses/:id'),
    handler: (request) => service.get(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/courses/:id'),
    handler: (request) => service.update(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/courses/:id/publish'),
    handler: (request) => service.publish(request.auth.userId, request.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/courses/:id/unpublish'),
    handler: (request) => service.unpublish(request.auth.userId, request.params.id),
  });
  await app.register(async (covers) => {
    covers.addContentTypeParser(
      IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: app.config.coverMaxBytes },
      (_r, body, done) => done(null, body),
    );
    covers.withTypeProvider<ZodTypeProvider>().route({
      ...endpoint(covers, 'PUT /api/admin/courses/:id/cover'),
      bodyLimit: app.config.coverMaxBytes,
      handler: (request) =>
        service.setCover(request.auth.userId, request.params.id, imageBytes(request.body)),
    });
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/courses/:id/episodes'),
    handler: (request) => service.addEpisode(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/courses/:id/episode-order'),
    handler: (request) => service.order(request.auth.userId, request.params.id, request.body.episodeIds),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/episodes/:id'),
    handler: (request) => service.updateEpisode(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/episodes/:id'),
    handler: (request) => service.deleteEpisode(request.auth.userId, request.params.id),
  });

  app.route({
    ...endpoint(app, 'GET /api/admin/categories'),
    handler: (request) => lookups.categories(request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/categories'),
    handler: async (request, reply) =>
      reply.code(201).send(await lookups.addCategory(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/instructors'),
    handler: (request) => lookups.instructors(request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/instructors'),
    handler: async (request, reply) =>
      reply.code(201).send(await lookups.addInstructor(request.auth.userId, request.body)),
  });
};
