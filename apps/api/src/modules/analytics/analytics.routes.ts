import {
  analyticsCourses,
  analyticsOverview,
  analyticsRange,
  apiError,
  courseBudgetCuts,
  courseFunnel,
  idParams,
  retentionCurve,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsService } from './analytics.service.js';

/** Under /api/admin/analytics, behind the admin gate of the admin routes. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsService }> = async (
  app,
  { service },
) => {
  const tags = ['admin', 'analytics'];
  const security = [{ bearerAuth: [] }];
  const refused = { 400: apiError, 401: apiError, 403: apiError };
  app.get(
    '/overview',
    {
      schema: {
        tags,
        security,
        summary:
          'Sign-ups, active learners per day and week, completions and revenue by plan over a span of days',
        querystring: analyticsRange,
        response: { 200: analyticsOverview, ...refused },
      },
    },
    (r) => service.overview(r.query),
  );
  app.get(
    '/courses',
    {
      schema: {
        tags,
        security,
        summary: 'Published courses and their episodes, to choose what to chart',
        response: { 200: analyticsCourses, ...refused },
      },
    },
    () => service.courses(),
  );
  app.get(
    '/episodes/:id/retention',
    {
      schema: {
        tags,
        security,
        summary:
          "An episode's retention curve: the share of its viewers who played each second, steep drops marked",
        params: idParams,
        response: { 200: retentionCurve, 404: apiError, ...refused },
      },
    },
    (r) => service.retention(r.params.id),
  );
  app.get(
    '/courses/:id/funnel',
    {
      schema: {
        tags,
        security,
        summary:
          "A course's funnel for the learners who started it in the span: episodes, tests, certificate",
        params: idParams,
        querystring: analyticsRange,
        response: { 200: courseFunnel, 404: apiError, ...refused },
      },
    },
    (r) => service.funnel(r.params.id, r.query),
  );
  app.get(
    '/courses/:id/budget-cuts',
    {
      schema: {
        tags,
        security,
        summary:
          "A course's learners whose progress saves the watch-time budget cut: how many saves, how many seconds",
        params: idParams,
        response: { 200: courseBudgetCuts, 404: apiError, ...refused },
      },
    },
    (r) => service.budgetCuts(r.params.id),
  );
};
