import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { inlineDisposition } from '../documents/index.js';
import type { CertificatesService } from './certificates.service.js';
import { credentialsRoutes } from './credentials.routes.js';
import type { EvaluationsService } from './evaluations.service.js';

export const certificatesRoutes: FastifyPluginAsyncZod<{
  certificates: CertificatesService;
  evaluations: EvaluationsService;
}> = async (app, { certificates, evaluations }) => {
  app.route({
    ...endpoint(app, 'GET /api/course/:id/completion'),
    handler: (r) => certificates.completion(r.auth.userId, r.params.id),
  });
  app.route({
    ...endpoint(app, 'GET /api/course-evaluation-question/active'),
    handler: () => evaluations.active(),
  });
  app.route({
    ...endpoint(app, 'POST /api/course-evaluation'),
    handler: async (r, reply) => reply.code(201).send(await evaluations.evaluate(r.auth.userId, r.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/course-evaluation/status/:courseID/:uid'),
    handler: (r) => evaluations.status(r.auth, r.params.courseID, r.params.uid),
  });
  app.route({
    ...endpoint(app, 'GET /api/media/get-certificate/:courseId'),
    handler: async (r, reply) => {
      const doc = await certificates.download(r.auth.userId, r.params.courseId);
      return reply
        .header('content-type', doc.type)
        .header('content-disposition', inlineDisposition(doc.filename))
        .header('cache-control', 'private, no-cache')
        .header('content-length', doc.pdf.length)
        .send(doc.pdf);
    },
  });
  app.route({
    ...endpoint(app, 'POST /api/media/get-certificate-to-email'),
    handler: (r) => certificates.email(r.auth.userId, r.body.courseId),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/certificates'),
    handler: (r) => certificates.mine(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/certificates/verify/:code'),
    handler: (r) => certificates.verify(r.params.code),
  });
  await app.register(credentialsRoutes, { certificates });
};
