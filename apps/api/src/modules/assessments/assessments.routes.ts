import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { CoursesService } from '../courses/index.js';
import type { AssessmentsService } from './assessments.service.js';
import { episodesAndQuizzes } from './course-tests.js';

export const assessmentsRoutes: FastifyPluginAsyncZod<{
  service: AssessmentsService;
  courses: CoursesService;
}> = async (app, { service, courses }) => {
  app.route({
    ...endpoint(app, 'POST /api/course/:id/get-episode-and-quiz'),
    handler: (r) => episodesAndQuizzes(app.db, courses, r.auth.userId, r.params.id),
  });
  app.route({
    ...endpoint(app, 'GET /api/assessment/get-questions-by-episode/:episodeId'),
    handler: (r) => service.byEpisode(r.auth.userId, r.params.episodeId),
  });
  app.route({
    ...endpoint(app, 'GET /api/assessment/get-assessment-by-course/:courseId'),
    handler: (r) => service.byCourse(r.auth.userId, r.params.courseId),
  });
  app.route({
    ...endpoint(app, 'GET /api/assessment/:id'),
    handler: (r) => service.detail(r.auth.userId, r.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/assessment-response'),
    handler: (r) => service.respond(r.auth.userId, r.body),
  });
  app.route({
    ...endpoint(app, 'POST /api/assessment-result'),
    handler: (r) => service.submit(r.auth.userId, r.body),
  });
  app.route({
    ...endpoint(app, 'GET /api/assessment-result'),
    handler: (r) => service.results(r.auth.userId, r.query.assessmentId),
  });
};
