import {
  adminCategory,
  adminCategoryPage,
  adminCourse,
  adminCoursePage,
  adminCourseQuery,
  adminInstructor,
  adminInstructorPage,
  apiError,
  categoryInput,
  courseCreate,
  courseIdParams,
  courseUpdate,
  episodeCreate,
  episodeIdParams,
  episodeOrder,
  episodeUpdate,
  instructorInput,
  lookupQuery,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageBytes } from '../../lib/request.js';
import type { CoursesAdminService } from './courses-admin.service.js';
import type { LookupsService } from './lookups.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const errors = { 400: apiError, 404: apiError, 409: apiError };
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/** Course and episode authoring: create, edit, order, publish, covers; categories and instructors. */
export const coursesAdminRoutes: FastifyPluginAsyncZod<{
  service: CoursesAdminService;
  lookups: LookupsService;
}> = async (app, { service, lookups }) => {
  const one = { 200: adminCourse, ...errors };
  app.get(
    '/courses',
    {
      schema: {
        ...admin,
        summary: 'Courses, one page',
        querystring: adminCourseQuery,
        response: { 200: adminCoursePage },
      },
    },
    (request) => service.list(request.query),
  );
  app.post(
    '/courses',
    {
      schema: {
        ...admin,
        summary: 'Create a draft course',
        body: courseCreate,
        response: { 201: adminCourse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.auth.userId, request.body)),
  );
  app.get(
    '/courses/:id',
    {
      schema: {
        ...admin,
        summary: 'A course with its episodes, their videos and what blocks publishing',
        params: courseIdParams,
        response: one,
      },
    },
    (request) => service.get(request.params.id),
  );
  app.patch(
    '/courses/:id',
    {
      schema: {
        ...admin,
        summary:
          "Edit a course's fields, tags and instructors (409 EDIT_CONFLICT when another edit came first)",
        params: courseIdParams,
        body: courseUpdate,
        response: one,
      },
    },
    (request) => service.update(request.auth.userId, request.params.id, request.body),
  );
  app.post(
    '/courses/:id/publish',
    {
      schema: {
        ...admin,
        summary: 'Publish (409 COURSE_NOT_PUBLISHABLE with the blockers)',
        params: courseIdParams,
        response: one,
      },
    },
    (request) => service.publish(request.auth.userId, request.params.id),
  );
  app.post(
    '/courses/:id/unpublish',
    { schema: { ...admin, summary: 'Back to draft', params: courseIdParams, response: one } },
    (request) => service.unpublish(request.auth.userId, request.params.id),
  );
  await app.register(async (covers) => {
    covers.addContentTypeParser(
      IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: app.config.coverMaxBytes },
      (_r, body, done) => done(null, body),
    );
    covers.withTypeProvider<ZodTypeProvider>().put(
      '/courses/:id/cover',
      {
        bodyLimit: app.config.coverMaxBytes,
        schema: {
          ...admin,
          summary: 'Replace the cover image (the bytes: JPEG, PNG or WebP)',
          params: courseIdParams,
          response: { ...one, 413: apiError, 415: apiError },
        },
      },
      (request) => service.setCover(request.auth.userId, request.params.id, imageBytes(request.body)),
    );
  });
  app.post(
    '/courses/:id/episodes',
    {
      schema: {
        ...admin,
        summary: 'Add an episode at the end',
        params: courseIdParams,
        body: episodeCreate,
        response: one,
      },
    },
    (request) => service.addEpisode(request.auth.userId, request.params.id, request.body),
  );
  app.put(
    '/courses/:id/episode-order',
    {
      schema: {
        ...admin,
        summary: 'Order the episodes (every episode once; 409 STALE_EDIT otherwise)',
        params: courseIdParams,
        body: episodeOrder,
        response: one,
      },
    },
    (request) => service.order(request.auth.userId, request.params.id, request.body.episodeIds),
  );
  app.patch(
    '/episodes/:id',
    {
      schema: {
        ...admin,
        summary: "Edit an episode's fields (409 EDIT_CONFLICT when another edit came first)",
        params: episodeIdParams,
        body: episodeUpdate,
        response: one,
      },
    },
    (request) => service.updateEpisode(request.auth.userId, request.params.id, request.body),
  );
  app.delete(
    '/episodes/:id',
    {
      schema: {
        ...admin,
        summary:
          'Remove an episode of a draft course that no learner has played (409 EPISODE_IN_USE: hide it)',
        params: episodeIdParams,
        response: one,
      },
    },
    (request) => service.deleteEpisode(request.auth.userId, request.params.id),
  );

  app.get(
    '/categories',
    {
      schema: {
        ...admin,
        summary: 'Categories',
        querystring: lookupQuery,
        response: { 200: adminCategoryPage },
      },
    },
    (request) => lookups.categories(request.query),
  );
  app.post(
    '/categories',
    {
      schema: {
        ...admin,
        summary: 'Add a category',
        body: categoryInput,
        response: { 201: adminCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lookups.addCategory(request.auth.userId, request.body)),
  );
  app.get(
    '/instructors',
    {
      schema: {
        ...admin,
        summary: 'Instructors',
        querystring: lookupQuery,
        response: { 200: adminInstructorPage },
      },
    },
    (request) => lookups.instructors(request.query),
  );
  app.post(
    '/instructors',
    {
      schema: {
        ...admin,
        summary: 'Add an instructor',
        body: instructorInput,
        response: { 201: adminInstructor, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lookups.addInstructor(request.auth.userId, request.body)),
  );
};
