import {
  apiError,
  courseAccess,
  courseIdParams,
  courseQuery,
  courseSummary,
  episodeRef,
  episodesAndQuizzes,
  lastWatched,
  myCourseList,
  progressBody,
  progressItem,
  progressList,
  slugParams,
  successAnswer,
  watchedEpisodes,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CoursesService } from './courses.service.js';

export const coursesRoutes: FastifyPluginAsyncZod<{ service: CoursesService }> = async (app, { service }) => {
  const auth = { preHandler: app.authenticate };
  const security = [{ bearerAuth: [] }];
  const tags = ['courses'];
  const ptags = ['progress'];

  app.get(
    '/courses/get-slug-courses',
    {
      schema: {
        tags,
        summary: 'Slugs of published courses (sitemaps)',
        response: { 200: z.array(z.object({ slug: z.string(), updatedAt: z.string() })) },
      },
    },
    () => service.slugs(),
  );
  app.get(
    '/course/get-course-by-slug/:slug',
    {
      ...auth,
      schema: { tags, security, params: slugParams, response: { 200: courseSummary, 404: apiError } },
    },
    (r) => service.course({ slug: r.params.slug }),
  );
  app.get(
    '/course/:id',
    {
      ...auth,
      schema: { tags, security, params: courseIdParams, response: { 200: courseSummary, 404: apiError } },
    },
    (r) => service.course({ id: r.params.id }),
  );
  app.post(
    '/course/:id/get-episode-and-quiz',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Episodes in order, locked for this learner or not',
        params: courseIdParams,
        response: { 200: episodesAndQuizzes, 404: apiError },
      },
    },
    (r) => service.episodesAndQuizzes(r.auth.userId, r.params.id),
  );
  app.get(
    '/users/check/course/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'May I watch this course, and why',
        params: courseIdParams,
        response: { 200: courseAccess, 404: apiError },
      },
    },
    (r) => service.checkCourse(r.auth.userId, r.params.id),
  );

  app.post(
    '/users/on-going-episode',
    {
      ...auth,
      schema: {
        tags: ptags,
        security,
        summary: 'Save the position and completion of an episode',
        body: progressBody,
        response: { 200: progressItem, 403: apiError, 404: apiError },
      },
    },
    (r) => service.saveProgress(r.auth.userId, r.body),
  );
  app.get(
    '/users/on-going-episode',
    { ...auth, schema: { tags: ptags, security, querystring: courseQuery, response: { 200: progressList } } },
    (r) => service.ongoing(r.auth.userId, r.query.course),
  );
  app.post(
    '/users/save-first-watched',
    {
      ...auth,
      schema: {
        tags: ptags,
        security,
        body: episodeRef,
        response: { 200: successAnswer, 403: apiError, 404: apiError },
      },
    },
    async (r) => {
      await service.saveFirstWatched(r.auth.userId, r.body.course_id, r.body.episode_id);
      return { success: true as const };
    },
  );
  app.post(
    '/users/watched-episode',
    {
      ...auth,
      schema: {
        tags: ptags,
        security,
        summary: 'The video ended: watched if enough of it was played',
        body: episodeRef,
        response: { 200: z.object({ watched: z.boolean() }), 403: apiError, 404: apiError },
      },
    },
    (r) => service.markWatched(r.auth.userId, r.body.course_id, r.body.episode_id),
  );
  app.get(
    '/users/watched-episode',
    {
      ...auth,
      schema: { tags: ptags, security, querystring: courseQuery, response: { 200: watchedEpisodes } },
    },
    (r) => service.watched(r.auth.userId, r.query.course),
  );
  app.get(
    '/users/last-watched-episode',
    { ...auth, schema: { tags: ptags, security, response: { 200: lastWatched } } },
    (r) => service.lastWatched(r.auth.userId),
  );
  app.get(
    '/users/my-course',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Courses I started, most recent first',
        response: { 200: myCourseList },
      },
    },
    (r) => service.myCourses(r.auth.userId),
  );
};
