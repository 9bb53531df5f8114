import { EwayBill, EwayBillAnswer, GstReportQuery, InvoiceSignatureRequest } from '@netkart/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { notJson, valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { gstr1Csv } from '../invoices/gstr1-csv.js';
import type { InvoiceService } from '../invoices/service.js';
import { requireOwner, staffOf } from './session.js';

export interface GstRouteOptions {
  invoices: InvoiceService;
  audit: AuditLog;
}

const OrderNumber = z.object({ id: z.string() });

/**
 * The books an accountant files, in the back office: GSTR-1's CSVs for a month, the signature on
 * the store's invoices (owners), and an order's e-way bill (rule 138).
 */
export async function adminGstRoutes(app: FastifyInstance, { invoices, audit }: GstRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const report = {
    querystring: GstReportQuery,
    response: withErrors({ 200: notJson('text/csv', "One GSTR-1 table of the month's invoices and credit notes") }),
  };
  api.get('/admin/reports/gst', { schema: report }, async (request, reply) => {
    const { month, file } = valid(request, 'query');
    // Buyers' names and GSTINs leave the shop in this file: who took it is logged.
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(staffOf(request)),
      action: 'reports.gst',
      subject: `gstr1:${month}:${file}`,
      after: { month, file },
    });
    const csv = gstr1Csv(await invoices.gstr1(request.store.id, month), file);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gstr1-${month}-${file}.csv"`)
      .send(csv);
  });

  api.get(
    '/admin/invoice-signature',
    {
      schema: { response: withErrors({ 200: notJson('image/png', "The signature printed on the store's invoices") }) },
    },
    async (request, reply) => {
      const png = await invoices.signature(request.store.id);
      if (!png) throw notFound('No signature yet: the owner uploads one in Settings.');
      // Bytes, sent as they are (the schema above only describes them).
      const raw: FastifyReply = reply;
      return raw.type('image/png').send(png);
    },
  );

  const upload = { body: InvoiceSignatureRequest, response: withErrors({ 204: z.undefined() }) };
  api.put('/admin/invoice-signature', { schema: upload }, async (request, reply) => {
    const owner = requireOwner(request);
    const { png } = valid(request, 'body');
    await invoices.setSignature(request.store.id, Buffer.from(png, 'base64'));
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(owner),
      action: 'invoices.signature',
      subject: 'invoice-signature',
      after: { uploaded: true },
    });
    return reply.code(204).send();
  });

  const remove = { response: withErrors({ 204: z.undefined() }) };
  api.delete('/admin/invoice-signature', { schema: remove }, async (request, reply) => {
    const owner = requireOwner(request);
    await invoices.removeSignature(request.store.id);
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(owner),
      action: 'invoices.signature',
      subject: 'invoice-signature',
      after: { uploaded: false },
    });
    return reply.code(204).send();
  });

  const read = { params: OrderNumber, response: withErrors({ 200: EwayBillAnswer }) };
  api.get('/admin/orders/:id/eway-bill', { schema: read }, async (request) => ({
    ewayBill: (await invoices.ewayBill(request.store.id, request.params.id)) ?? null,
  }));

  const save = { params: OrderNumber, body: EwayBill, response: withErrors({ 200: EwayBillAnswer }) };
  api.put('/admin/orders/:id/eway-bill', { schema: save }, async (request) => {
    const before = await invoices.ewayBill(request.store.id, request.params.id);
    const ewayBill = await invoices.setEwayBill(request.store.id, request.params.id, valid(request, 'body'));
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(staffOf(request)),
      action: 'order.eway-bill',
      subject: `order:${request.params.id.toUpperCase()}`,
      ...(before ? { before } : {}),
      after: ewayBill,
    });
    return { ewayBill };
  });

  const clear = { params: OrderNumber, response: withErrors({ 200: EwayBillAnswer }) };
  api.delete('/admin/orders/:id/eway-bill', { schema: clear }, async (request) => {
    const before = await invoices.ewayBill(request.store.id, request.params.id);
    await invoices.removeEwayBill(request.store.id, request.params.id);
    if (before) {
      await audit.recordNow({
        storeId: request.store.id,
        actor: staffActor(staffOf(request)),
        action: 'order.eway-bill',
        subject: `order:${request.params.id.toUpperCase()}`,
        before,
        after: { removed: true },
      });
    }
    return { ewayBill: null };
  });
}
