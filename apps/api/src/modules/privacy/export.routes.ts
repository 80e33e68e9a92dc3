import { DATA_EXPORT_TYPE } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { DataExportService } from './export.service.js';

export const dataExportRoutes: FastifyPluginAsyncZod<{ service: DataExportService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'POST /api/users/data-export'),
    handler: async (r, reply) => reply.status(202).send(await service.request(r.auth.userId)),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/data-export'),
    handler: (r) => service.latest(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/data-export/:id/download'),
    handler: async (r, reply) => {
      const zip = await service.download(r.auth.userId, r.params.id);
      return reply
        .header('content-type', DATA_EXPORT_TYPE)
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', zip.size)
        .send(zip.body);
    },
  });
};
