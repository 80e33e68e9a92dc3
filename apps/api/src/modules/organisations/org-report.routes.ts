import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgReportService } from './org-report.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The members report as files (inside the /api/org/:orgId gate); never cached on the way. */
export const orgReportRoutes: FastifyPluginAsyncZod<{ service: OrgReportService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/report.csv'),
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="members.csv"')
        .send(await service.csv(request.params.orgId, request.query)),
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/report.xlsx'),
    handler: async (request, reply) =>
      reply
        .type(XLSX)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="members.xlsx"')
        .send(await service.xlsx(request.params.orgId, request.query)),
  });
};
