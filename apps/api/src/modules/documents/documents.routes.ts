import { SUMMARY_PDF_TYPE } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { CoursesService } from '../courses/index.js';
import { DocumentsService } from './documents.service.js';

/** `inline; filename="…"`; a name a header cannot carry as it is (non-ASCII) also goes in `filename*`. */
export function inlineDisposition(filename: string) {
  if (/^[\x20-\x7e]+$/.test(filename) && !/["\\]/.test(filename)) return `inline; filename="${filename}"`;
  return `inline; filename="course-summary.pdf"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export const documentsRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (
  app,
  { courses },
) => {
  const service = new DocumentsService({ db: app.db, storage: app.storage, log: app.log }, courses);

  app.route({
    ...endpoint(app, 'GET /api/course/pdf/:courseId'),
    handler: async (request, reply) => {
      const doc = await service.summaryFor(request.auth.userId, request.params.courseId);
      const etag = `"${doc.version}"`;
      // The document is for entitled learners only: private, and revalidated (access may end).
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const pdf = await doc.load();
      return reply
        .header('content-type', SUMMARY_PDF_TYPE)
        .header('content-disposition', inlineDisposition(doc.filename))
        .header('content-length', pdf.length)
        .send(pdf);
    },
  });
};
