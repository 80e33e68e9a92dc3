import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { RefundsService } from './refunds.service.js';
import { pdfAnswer } from './tax-invoices.routes.js';
import type { TaxInvoicesService } from './tax-invoices.service.js';

/** The console's orders, their refunds (credit notes issued) and the tax documents' PDFs. */
export const billingAdminOrdersRoutes: FastifyPluginAsyncZod<{
  refunds: RefundsService;
  taxInvoices: TaxInvoicesService;
}> = async (app, { refunds, taxInvoices }) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/orders'),
    handler: (r) => refunds.listOrders(r.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/orders/:id'),
    handler: (r) => refunds.order(r.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/orders/:id/refunds'),
    handler: async (r, reply) =>
      reply.code(201).send(await refunds.refund(r.auth.userId, r.params.id, r.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/tax-documents/:number/pdf'),
    handler: async (r, reply) => {
      const { headers, body } = pdfAnswer(await taxInvoices.pdf(r.params.number, null));
      return reply.headers(headers).send(body);
    },
  });
};
