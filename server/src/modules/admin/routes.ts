import { Readable } from 'node:stream';
import {
  AdminActivityQuery,
  AdminActivityResponse,
  AdminDashboard,
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrdersExportQuery,
  CancelOrderRequest,
  CodCashRequest,
  CourierBookingRequest,
  MarkPaidRequest,
  OrderActionRequest,
  ShipOrderRequest,
} from '@netkart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeRoutes, notJson, STAFF_SESSION, valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { CatalogService } from '../catalog/service.js';
import type { ContactService } from '../contact/service.js';
import type { CouponService } from '../coupons/service.js';
import type { CourierService } from '../couriers/service.js';
import { adminInvoiceRoutes } from '../invoices/routes.js';
import type { InvoiceService } from '../invoices/service.js';
import type { Outbox } from '../messages/outbox.js';
import type { CodService } from '../payments/cod/service.js';
import type { PaymentService } from '../payments/service.js';
import type { DeliveryRulesService } from '../pincodes/delivery-rules.js';
import type { ReturnService } from '../returns/service.js';
import type { ReviewService } from '../reviews/service.js';
import type { ShippingService } from '../shipping/service.js';
import type { StaffService } from '../staff/service.js';
import type { StaffSignInLinks } from '../staff/sign-in-links.js';
import type { PictureCopies } from '../storefront/picture-copies.js';
import type { StoreService } from '../stores/service.js';
import { adminCodSettingsRoutes } from './cod-settings-routes.js';
import { adminCouponRoutes } from './coupon-routes.js';
import { adminCourierSettingsRoutes } from './courier-settings-routes.js';
import type { AdminDashboards } from './dashboard.js';
import { adminGstRoutes } from './gst-routes.js';
import { adminMailRoutes } from './mail-routes.js';
import type { AdminOrders } from './orders.js';
import { adminProductRoutes } from './product-routes.js';
import type { AdminProducts } from './products.js';
import { adminRefundRoutes } from './refund-routes.js';
import { adminReturnRoutes } from './returns-routes.js';
import { adminReviewRoutes } from './review-routes.js';
import { adminSession, requireOwner, staffOf } from './session.js';
import { adminSettingsRoutes } from './settings-routes.js';
import { adminShippingSettingsRoutes } from './shipping-settings-routes.js';
import { adminTicketRoutes } from './ticket-routes.js';

export interface AdminRouteOptions {
  staff: StaffService;
  staffSignInLinks: StaffSignInLinks;
  orders: AdminOrders;
  products: AdminProducts;
  dashboards: AdminDashboards;
  catalog: CatalogService;
  stores: StoreService;
  payments: PaymentService;
  audit: AuditLog;
  outbox: Outbox;
  contact: ContactService;
  invoices: InvoiceService;
  shipping: ShippingService;
  delivery: DeliveryRulesService;
  couriers: CourierService;
  mediaDirs: { own?: string; all: string[] };
  pictureCopies: PictureCopies;
  /** Cash on delivery's rules (absent where the shop runs without it). */
  cod?: CodService | undefined;
  /** Returns and exchanges, and the store's return rules. */
  returns?: ReturnService | undefined;
  /** Shoppers' reviews, moderated. */
  reviews?: ReviewService | undefined;
  /** Coupons and automatic offers. */
  coupons?: CouponService | undefined;
}

/** /api/v1/admin/…: the back office's API, for staff signed in with a session cookie (never a shopper's token). */
/** An order's number as the back office's addresses carry it (looked up as given). */
const OrderNumber = z.object({ id: z.string() });

/** /api/v1/admin/…: the back office's API, for staff signed in with a session cookie (never a shopper's token). */
export async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { orders, audit } = options;
  describeRoutes(app, { tag: 'back office', security: STAFF_SESSION });
  const api = app.withTypeProvider<ZodTypeProvider>();
  await adminSession(app, { staff: options.staff, links: options.staffSignInLinks, audit });
  await adminProductRoutes(app, options);
  await adminSettingsRoutes(app, options);
  await adminCodSettingsRoutes(app, options);
  await adminShippingSettingsRoutes(app, options);
  await adminCourierSettingsRoutes(app, options);
  await adminMailRoutes(app, options);
  await adminTicketRoutes(app, options);
  await adminInvoiceRoutes(app, options);
  await adminGstRoutes(app, options);
  await adminRefundRoutes(app, options);
  await adminReturnRoutes(app, options);
  await adminReviewRoutes(app, options);
  await adminCouponRoutes(app, options);

  const dashboard = { response: withErrors({ 200: AdminDashboard }) };
  api.get('/admin/dashboard', { schema: dashboard }, async (request) => options.dashboards.of(request.store));

  const exportCsv = {
    querystring: AdminOrdersExportQuery,
    response: withErrors({ 200: notJson('text/csv', 'The orders placed from one day to another, as CSV') }),
  };
  api.get('/admin/orders/export.csv', { schema: exportCsv }, async (request, reply) => {
    const { from, to } = valid(request, 'query');
    // Shoppers' names and addresses leave the shop in this file: who took them, and which days, is logged.
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(staffOf(request)),
      action: 'orders.export',
      subject: `orders:${from}..${to}`,
      after: { from, to },
    });
    // A stream, written as it is (the schema above only describes it).
    const file: FastifyReply = reply;
    return file
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${request.store.host}-${from}-to-${to}.csv"`)
      .send(Readable.from(orders.exportCsv(request.store.id, from, to)));
  });

  // Who changed what, when: for owners.
  const activity = { querystring: AdminActivityQuery, response: withErrors({ 200: AdminActivityResponse }) };
  api.get('/admin/activity', { schema: activity }, async (request): Promise<AdminActivityResponse> => {
    requireOwner(request);
    const { page, limit } = valid(request, 'query');
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

  const list = { querystring: AdminOrderListQuery, response: withErrors({ 200: AdminOrderListResponse }) };
  api.get('/admin/orders', { schema: list }, async (request) => orders.list(request.store.id, valid(request, 'query')));

  const detail = { params: OrderNumber, response: withErrors({ 200: AdminOrder }) };
  api.get('/admin/orders/:id', { schema: detail }, async (request) => orders.detail(request.store, request.params.id));

  const action = <B extends z.ZodType>(body: B) => ({
    params: OrderNumber,
    body,
    response: withErrors({ 200: AdminOrder }),
  });

  api.post('/admin/orders/:id/paid', { schema: action(MarkPaidRequest) }, async (request, reply) => {
    await orders.confirmByHand(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  api.post('/admin/orders/:id/ship', { schema: action(ShipOrderRequest) }, async (request, reply) => {
    await orders.ship(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  api.post('/admin/orders/:id/tracking', { schema: action(ShipOrderRequest) }, async (request, reply) => {
    const input = valid(request, 'body');
    await orders.updateTracking(request.store, request.params.id, input, staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  api.post('/admin/orders/:id/courier', { schema: action(CourierBookingRequest) }, async (request, reply) => {
    await orders.shipWithCourier(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  const label = {
    params: OrderNumber,
    response: withErrors({ 200: notJson('application/pdf', "The courier's shipping label") }),
  };
  api.get('/admin/orders/:id/label', { schema: label }, async (request, reply) => {
    return sendLabel(reply, request.params.id, await orders.label(request.store, request.params.id));
  });

  api.post('/admin/orders/:id/deliver', { schema: action(OrderActionRequest) }, async (request, reply) => {
    await orders.deliver(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  api.post('/admin/orders/:id/cod-cash', { schema: action(CodCashRequest) }, async (request, reply) => {
    await orders.codCash(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  api.post('/admin/orders/:id/rto', { schema: action(OrderActionRequest) }, async (request, reply) => {
    await orders.returnedToOrigin(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });

  api.post('/admin/orders/:id/cancel', { schema: action(CancelOrderRequest) }, async (request, reply) => {
    await orders.cancel(request.store, request.params.id, valid(request, 'body'), staffOf(request));
    return orderAnswer(orders, request, reply);
  });
}

/** A courier's label, shown in the browser's PDF viewer (staff print it from there). */
function sendLabel(reply: FastifyReply, id: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="label-${id.replace(/[^\w-]/g, '')}.pdf"`)
    .send(pdf);
}

/** After an action: the order as it is now, for the page to show. */
async function orderAnswer(orders: AdminOrders, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  return reply.send(await orders.detail(request.store, id));
}
