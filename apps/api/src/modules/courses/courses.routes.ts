import {
  courseSlugs,
  userTags,
  watchedAnswer,
  apiError,
  catalogueTags,
  categoryCourses,
  courseAccess,
  courseIdParams,
  courseList,
  courseOutline,
  courseQuery,
  courseSummary,
  episodeDetail,
  episodeIdParams,
  episodeRef,
  episodesAndQuizzes,
  lastWatched,
  myCourseList,
  progressBody,
  progressItem,
  progressList,
  recommendedCourses,
  recommendedQuery,
  searchQuery,
  searchResult,
  slugParams,
  successAnswer,
  watchedEpisodes,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CoursesService } from './courses.service.js';

export const coursesRoutes: FastifyPluginAsyncZod<{ service: CoursesService }> = async (app, { service }) => {
  const auth = { onRequest: app.authenticate };
  const security = [{ bearerAuth: [] }];
  const tags = ['courses'];
  const ptags = ['progress'];

  app.get(
    '/courses/get-slug-courses',
    {
      schema: {
        tags,
        summary: 'Slugs of published courses (sitemaps)',
        response: { 200: courseSlugs },
      },
    },
    () => service.slugs(),
  );
  app.get(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Topics of the published courses, most courses first',
        response: { 200: catalogueTags },
      },
    },
    () => service.catalogueTags(),
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
      // Every viewer saves every 10 s: counted in the metrics, its successes logged at debug only.
      config: { accessLog: 'failures' },
      schema: {
        tags: ptags,
        security,
        summary: 'Save the position and completion of an episode',
        body: progressBody,
        response: { 200: progressItem, 403: apiError, 404: apiError },
      },
    },
    async (r) => {
      const saved = await service.saveProgress(r.auth.userId, r.body);
      app.metrics.progressSaves.inc();
      return saved;
    },
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
        response: { 200: watchedAnswer, 403: apiError, 404: apiError },
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
    '/courses',
    {
      schema: {
        tags,
        summary: 'Catalogue search (public): Thai words are found inside titles and descriptions',
        querystring: searchQuery,
        response: { 200: searchResult },
      },
    },
    (r) => service.search(r.query),
  );
  app.get(
    '/courses/:slug',
    {
      schema: {
        tags,
        summary: 'Public outline of a course page',
        params: slugParams,
        response: { 200: courseOutline, 404: apiError },
      },
    },
    (r) => service.outline(r.params.slug),
  );
  app.get(
    '/episode/:id',
    {
      ...auth,
      schema: { tags, security, params: episodeIdParams, response: { 200: episodeDetail, 404: apiError } },
    },
    (r) => service.episode(r.auth.userId, r.params.id),
  );
  app.get(
    '/users/my-new-course',
    {
      ...auth,
      schema: { tags, security, summary: 'Newest published courses', response: { 200: courseList } },
    },
    () => service.newest(),
  );
  app.get(
    '/users/my-popular-course',
    {
      ...auth,
      schema: { tags, security, summary: 'Most watched in the last 30 days', response: { 200: courseList } },
    },
    () => service.popular(),
  );
  app.get(
    '/users/my-category-course',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "Courses by category, the learner's first",
        response: { 200: categoryCourses },
      },
    },
    (r) => service.byCategory(r.auth.userId),
  );
  app.get(
    '/users/my-recommended-course',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Co-watched courses, and my watched episodes of this course',
        querystring: recommendedQuery,
        response: { 200: recommendedCourses, 404: apiError },
      },
    },
    (r) => service.recommended(r.auth, r.query.userId, r.query.courseId),
  );
  app.get(
    '/users/user-tags',
    {
      ...auth,
      schema: { tags, security, summary: 'My interest tags', response: { 200: userTags } },
    },
    (r) => service.userTags(r.auth.userId),
  );
  app.get(
    '/users/organization-recommend-course',
    {
      ...auth,
      schema: { tags, security, summary: "My organisation's picks", response: { 200: courseList } },
    },
    (r) => service.organizationPicks(r.auth.userId),
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
