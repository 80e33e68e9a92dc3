import { SUMMARY_PDF_MAX_BYTES, SUMMARY_PDF_TYPE } from '@rianroo/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { CourseSummariesService } from './course-summaries.service.js';
import { inlineDisposition } from './documents.routes.js';

/** The console's summary PDF of a course: see it, attach or replace it (the PDF's bytes), remove it. */
export const documentsAdminRoutes: FastifyPluginAsyncZod<{ service: CourseSummariesService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/courses/:id/summary-pdf'),
    handler: (request) => service.state(request.params.id),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/courses/:id/summary-pdf'),
    handler: (request) => service.remove(request.auth.userId, request.params.id),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/courses/:id/summary-pdf/file'),
    handler: async (request, reply) => {
      const { pdf, fileName } = await service.file(request.params.id);
      return reply
        .header('content-type', SUMMARY_PDF_TYPE)
        .header('content-disposition', inlineDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .header('content-length', pdf.length)
        .send(pdf);
    },
  });
  // The PDF's own bytes as the body, in a scope of their own so no other route reads PDFs.
  await app.register(async (uploads) => {
    uploads.addContentTypeParser(
      [SUMMARY_PDF_TYPE],
      { parseAs: 'buffer', bodyLimit: SUMMARY_PDF_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    uploads.withTypeProvider<ZodTypeProvider>().route({
      ...endpoint(uploads, 'PUT /api/admin/courses/:id/summary-pdf'),
      bodyLimit: SUMMARY_PDF_MAX_BYTES,
      handler: (request) =>
        service.attach(request.auth.userId, request.params.id, request.body, request.query.fileName),
    });
  });
};
