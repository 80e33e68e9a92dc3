import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { CoursesService } from './courses.service.js';

export const coursesRoutes: FastifyPluginAsyncZod<{ service: CoursesService }> = async (app, { service }) => {
  app.route({ ...endpoint(app, 'GET /api/courses/get-slug-courses'), handler: () => service.slugs() });
  app.route({ ...endpoint(app, 'GET /api/tags'), handler: () => service.catalogueTags() });
  app.route({
    ...endpoint(app, 'GET /api/course/get-course-by-slug/:slug'),
    handler: (r) => service.course({ slug: r.params.slug }),
  });
  app.route({
    ...endpoint(app, 'GET /api/course/:id'),
    handler: (r) => service.course({ id: r.params.id }),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/check/course/:id'),
    handler: (r) => service.checkCourse(r.auth.userId, r.params.id),
  });

  app.route({
    ...endpoint(app, 'POST /api/users/on-going-episode'),
    // Every viewer saves every 10 s: counted in the metrics, its successes logged at debug only.
    config: { accessLog: 'failures' },
    handler: async (r) => {
      const saved = await service.saveProgress(r.auth.userId, r.body);
      app.metrics.progressSaves.inc();
      return saved;
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/users/on-going-episode'),
    handler: (r) => service.ongoing(r.auth.userId, r.query.course),
  });
  app.route({
    ...endpoint(app, 'POST /api/users/save-first-watched'),
    handler: async (r) => {
      await service.saveFirstWatched(r.auth.userId, r.body.course_id, r.body.episode_id);
      return { success: true as const };
    },
  });
  app.route({
    ...endpoint(app, 'POST /api/users/watched-episode'),
    handler: (r) => service.markWatched(r.auth.userId, r.body.course_id, r.body.episode_id),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/watched-episode'),
    handler: (r) => service.watched(r.auth.userId, r.query.course),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/last-watched-episode'),
    handler: (r) => service.lastWatched(r.auth.userId),
  });
  app.route({ ...endpoint(app, 'GET /api/courses'), handler: (r) => service.search(r.query) });
  app.route({ ...endpoint(app, 'GET /api/courses/:slug'), handler: (r) => service.outline(r.params.slug) });
  app.route({
    ...endpoint(app, 'GET /api/episode/:id'),
    handler: (r) => service.episode(r.auth.userId, r.params.id),
  });
  app.route({ ...endpoint(app, 'GET /api/users/my-new-course'), handler: () => service.newest() });
  app.route({ ...endpoint(app, 'GET /api/users/my-popular-course'), handler: () => service.popular() });
  app.route({
    ...endpoint(app, 'GET /api/users/my-category-course'),
    handler: (r) => service.byCategory(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/my-recommended-course'),
    handler: (r) => service.recommended(r.auth, r.query.userId, r.query.courseId),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/user-tags'),
    handler: (r) => service.userTags(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/organization-recommend-course'),
    handler: (r) => service.organizationPicks(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/my-course'),
    handler: (r) => service.myCourses(r.auth.userId),
  });
};
