import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { AnalyticsService } from './analytics.service.js';

/** Under /api/admin/analytics, behind the admin gate (app.ts). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/analytics/overview'),
    handler: (r) => service.overview(r.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/analytics/courses'),
    handler: () => service.courses(),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/analytics/episodes/:id/retention'),
    handler: (r) => service.retention(r.params.id),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/analytics/courses/:id/funnel'),
    handler: (r) => service.funnel(r.params.id, r.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/analytics/courses/:id/budget-cuts'),
    handler: (r) => service.budgetCuts(r.params.id),
  });
};
