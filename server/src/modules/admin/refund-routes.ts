import { AdminRefundListQuery, AdminRefundListResponse, RecordRefundRequest } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { PaymentService } from '../payments/service.js';
import { toAdminRefund } from './refunds.js';
import { staffOf } from './session.js';

export interface RefundRouteOptions {
  payments: PaymentService;
  audit: AuditLog;
}

/**
 * /api/v1/admin/refunds: the refunds the store owes or made (due, requested at the gateway,
 * refunded, failed), and recording one made by hand by its reference; staff and owners, as the
 * order actions are. Each recording is in the activity log.
 */
export async function adminRefundRoutes(app: FastifyInstance, options: RefundRouteOptions): Promise<void> {
  const { payments, audit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const list = { querystring: AdminRefundListQuery, response: withErrors({ 200: AdminRefundListResponse }) };
  api.get('/admin/refunds', { schema: list }, async (request) => {
    staffOf(request);
    const { status } = valid(request, 'query');
    const rows = await payments.listRefunds(request.store.id, status ? [status] : undefined);
    return { data: rows.map(toAdminRefund) };
  });

  const record = {
    params: z.object({ id: z.string() }),
    body: RecordRefundRequest,
    response: withErrors({ 200: AdminRefundListResponse }),
  };
  api.post('/admin/orders/:id/refunded', { schema: record }, async (request) => {
    const staff = staffOf(request);
    const { reference, amount } = valid(request, 'body');
    const done = await payments.recordRefunded(
      request.store.id,
      request.params.id,
      { reference, by: staffActor(staff), ...(amount === undefined ? {} : { amount: Math.round(amount * 100) }) },
      (trx, before, after) =>
        audit.record(trx, {
          storeId: request.store.id,
          actor: staffActor(staff),
          action: 'order.refunded',
          subject: `order:${after.order_id}`,
          before: { status: before.status, amount: Number(before.amount) / 100 },
          after: { status: after.status, amount: Number(after.amount) / 100, reference },
        }),
    );
    // The order's refunds as they are now, for the page to show.
    return { data: (await payments.refundsOfOrder(request.store.id, done.order_id)).map(toAdminRefund) };
  });
}
