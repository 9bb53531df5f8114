import { Readable } from 'node:stream';
import {
  AdminActivityQuery,
  type AdminActivityResponse,
  AdminOrderListQuery,
  AdminOrdersExportQuery,
  CancelOrderRequest,
  MarkPaidRequest,
  OrderActionRequest,
  ShipOrderRequest,
} from '@store/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/schema.js';
import { parse } from '../../http/errors.js';
import type { AuditLog } from '../audit/service.js';
import type { CatalogService } from '../catalog/service.js';
import type { ContactService } from '../contact/service.js';
import { adminInvoiceRoutes } from '../invoices/routes.js';
import type { InvoiceService } from '../invoices/service.js';
import type { Outbox } from '../messages/outbox.js';
import type { PaymentService } from '../payments/service.js';
import type { StaffService } from '../staff/service.js';
import type { PictureCopies } from '../storefront/picture-copies.js';
import type { StoreService } from '../stores/service.js';
import type { AdminDashboards } from './dashboard.js';
import { adminMailRoutes } from './mail-routes.js';
import type { AdminOrders } from './orders.js';
import { adminProductRoutes } from './product-routes.js';
import type { AdminProducts } from './products.js';
import { adminSession, requireOwner, staffOf } from './session.js';
import { adminSettingsRoutes } from './settings-routes.js';
import { adminTicketRoutes } from './ticket-routes.js';

export interface AdminRouteOptions {
  staff: StaffService;
  orders: AdminOrders;
  products: AdminProducts;
  dashboards: AdminDashboards;
  catalog: CatalogService;
  db: Database;
  stores: StoreService;
  payments: PaymentService;
  audit: AuditLog;
  outbox: Outbox;
  contact: ContactService;
  invoices: InvoiceService;
  mediaDirs: { own?: string; all: string[] };
  pictureCopies: PictureCopies;
}

/** /api/v1/admin/…: the back office's API, for staff signed in with a session cookie (never a shopper's token). */
export async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { orders, audit } = options;
  await adminSession(app, { staff: options.staff });
  await adminProductRoutes(app, options);
  await adminSettingsRoutes(app, options);
  await adminMailRoutes(app, options);
  await adminTicketRoutes(app, options);
  await adminInvoiceRoutes(app, options);

  app.get('/admin/dashboard', async (request) => options.dashboards.of(request.store));

  app.get('/admin/orders/export.csv', async (request, reply) => {
    const { from, to } = parse(AdminOrdersExportQuery, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${request.store.host}-${from}-to-${to}.csv"`)
      .send(Readable.from(orders.exportCsv(request.store.id, from, to)));
  });

  // Who changed what, when: for owners.
  app.get('/admin/activity', async (request): Promise<AdminActivityResponse> => {
    requireOwner(request);
    const { page, limit } = parse(AdminActivityQuery, request.query);
    const { rows, total } = await audit.list(request.store.id, { offset: (page - 1) * limit, limit });
    return {
      data: rows.map((row) => ({
        actor: row.actor,
        action: row.action,
        subject: row.subject,
        before: row.before_json ? (JSON.parse(row.before_json) as Record<string, unknown>) : null,
        after: row.after_json ? (JSON.parse(row.after_json) as Record<string, unknown>) : null,
        createdAt: row.created_at,
      })),
      total,
      page,
      limit,
    };
  });

  app.get('/admin/orders', async (request) => orders.list(request.store.id, parse(AdminOrderListQuery, request.query)));

  app.get<{ Params: { id: string } }>('/admin/orders/:id', async (request) =>
    orders.detail(request.store, request.params.id),
  );

  app.post<{ Params: { id: string } }>('/admin/orders/:id/paid', async (request, reply) => {
    await orders.markPaid(request.store, request.params.id, parse(MarkPaidRequest, request.body), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  app.post<{ Params: { id: string } }>('/admin/orders/:id/ship', async (request, reply) => {
    await orders.ship(request.store, request.params.id, parse(ShipOrderRequest, request.body), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  app.post<{ Params: { id: string } }>('/admin/orders/:id/tracking', async (request, reply) => {
    const input = parse(ShipOrderRequest, request.body);
    await orders.updateTracking(request.store, request.params.id, input, staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  app.post<{ Params: { id: string } }>('/admin/orders/:id/deliver', async (request, reply) => {
    await orders.deliver(request.store, request.params.id, parse(OrderActionRequest, request.body), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  app.post<{ Params: { id: string } }>('/admin/orders/:id/cancel', async (request, reply) => {
    await orders.cancel(request.store, request.params.id, parse(CancelOrderRequest, request.body), staffOf(request));
    return orderAnswer(orders, request, reply);
  });
}

/** After an action: the order as it is now, for the page to show. */
async function orderAnswer(
  orders: AdminOrders,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  return reply.send(await orders.detail(request.store, request.params.id));
}
