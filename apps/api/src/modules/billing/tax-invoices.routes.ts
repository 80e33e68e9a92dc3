import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { inlineDisposition } from '../documents/index.js';
import type { TaxInvoicesService } from './tax-invoices.service.js';

/** A PDF answer: shown in the browser's viewer, private to the one who asked. */
export const pdfAnswer = (doc: { pdf: Buffer; filename: string; type: string }) => ({
  headers: {
    'content-type': doc.type,
    'content-disposition': inlineDisposition(doc.filename),
    'cache-control': 'private, no-cache',
    'content-length': String(doc.pdf.length),
  },
  body: doc.pdf,
});

/** The learner's full tax invoices (at checkout, from a receipt) and credit notes, and their PDFs. */
export const taxInvoicesRoutes: FastifyPluginAsyncZod<{ service: TaxInvoicesService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/tax-invoice-details'),
    handler: (r) => service.draft(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/my-tax-documents'),
    handler: (r) => service.myDocuments(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'POST /api/checkout/orders/:id/tax-invoice'),
    handler: (r) => service.forOrder(r.auth.userId, r.params.id, r.body),
  });
  app.route({
    ...endpoint(app, 'POST /api/my-receipts/:number/tax-invoice'),
    handler: async (r, reply) => {
      // Each issue renders and mails a PDF: a bounded number per learner and hour.
      await app.limiter.consume(`tax-invoice:${r.auth.userId}`, 30, 3600);
      const { created, invoice } = await service.forReceipt(r.auth.userId, r.params.number, r.body);
      return reply.code(created ? 201 : 200).send(invoice);
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/my-tax-documents/:number/pdf'),
    handler: async (r, reply) => {
      const { headers, body } = pdfAnswer(await service.pdf(r.params.number, r.auth.userId));
      return reply.headers(headers).send(body);
    },
  });
};
