import { Id, type InvoiceCopy, InvoiceCopyQuery, TrackOrderQuery } from '@netkart/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InvoiceKind } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { describeRoutes, notJson, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { ORDER_NOT_FOUND, type OrderService } from '../orders/service.js';
import { fileNameOf } from './numbering.js';
import type { InvoiceService, IssuedDocument } from './service.js';

const OrderParams = z.object({ id: Id });
const pdf = (what: string) => withErrors({ 200: notJson('application/pdf', what) });

/** The paths of an order's documents, after /orders/:id/. */
const DOCUMENTS: Record<string, InvoiceKind> = { invoice: 'invoice', 'credit-note': 'credit-note' };

async function sendPdf(
  invoices: InvoiceService,
  issued: IssuedDocument,
  reply: FastifyReply,
  copy: InvoiceCopy = 'original',
) {
  const pdf = await invoices.pdf(issued, copy);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileNameOf(issued.document.type, issued.row.number)}"`)
    .send(pdf);
}

/**
 * GET /orders/:id/invoice and /orders/:id/credit-note: the PDF, to whoever may read the order
 * (its owner, or anyone with its email or phone, counted like any look-up by contact details). An
 * order without one answers like an order the caller cannot read.
 */
export async function invoiceRoutes(
  app: FastifyInstance,
  { orders, invoices }: { orders: OrderService; invoices: InvoiceService },
): Promise<void> {
  describeRoutes(app, { tag: 'orders' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.limits.orders);
  for (const [path, kind] of Object.entries(DOCUMENTS)) {
    const schema = {
      security: [...SHOPPER_TOKEN, {}],
      params: OrderParams,
      querystring: TrackOrderQuery,
      response: pdf(`The order's ${path}, as PDF`),
    };
    api.get(`/orders/:id/${path}`, { schema }, async (request, reply) => {
      const { id } = valid(request, 'params');
      const { contactInfo } = valid(request, 'query');
      const order = await orders.findReadable(request.store.id, id, { user: request.user, contactInfo });
      const issued = await invoices.find(request.store.id, order.id, kind);
      if (!issued) throw notFound(ORDER_NOT_FOUND);
      return sendPdf(invoices, issued, reply);
    });
  }
}

/**
 * GET /admin/orders/:id/invoice and /credit-note: for the store's staff, inside the back office's
 * session; `?copy=duplicate` (for the transporter) or `triplicate` (for the supplier), rule 48.
 */
export async function adminInvoiceRoutes(app: FastifyInstance, { invoices }: { invoices: InvoiceService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, kind] of Object.entries(DOCUMENTS)) {
    const schema = { params: OrderParams, querystring: InvoiceCopyQuery, response: pdf(`The order's ${path}, as PDF`) };
    api.get(`/admin/orders/:id/${path}`, { schema }, async (request, reply) => {
      const { id } = valid(request, 'params');
      const { copy } = valid(request, 'query');
      const issued = await invoices.find(request.store.id, id, kind);
      if (!issued) {
        throw notFound(
          kind === 'invoice'
            ? `Order ${id.toUpperCase()} has no invoice: one is issued when the order is paid.`
            : `Order ${id.toUpperCase()} has no credit note: one is issued when a paid order is cancelled.`,
        );
      }
      return sendPdf(invoices, issued, reply, copy);
    });
  }
}
