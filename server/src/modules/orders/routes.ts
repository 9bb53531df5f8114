import {
  COD_PAYMENT,
  CreateOrderRequest,
  Id,
  Order,
  OrderListResponse,
  Quote,
  QuoteRequest,
  ShopperCancelRequest,
  ShopperCancelResponse,
  TrackOrderQuery,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { toRupees } from '../../shared/money.js';
import type { Store } from '../stores/service.js';
import type { OrderService, PlaceOrder } from './service.js';

/** The payment provider a store runs now (the payments sit above the orders). */
export type PaymentProviderOf = (store: Store) => string;

/** What cash on delivery adds to placing an order at a store (its rules and its code; the payments sit above). */
export type CodPlacing = (store: Store) => Pick<PlaceOrder, 'checkPayment' | 'afterPlaced'>;

export const OrderParams = z.object({ id: Id });

export async function orderRoutes(
  app: FastifyInstance,
  {
    orders,
    paymentProviderOf,
    codPlacing,
  }: { orders: OrderService; paymentProviderOf: PaymentProviderOf; codPlacing?: CodPlacing },
): Promise<void> {
  describeRoutes(app, { tag: 'orders' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.limits.orders);
  const create = { security: SHOPPER_TOKEN, body: CreateOrderRequest, response: withErrors({ 201: Order }) };
  api.post('/orders', { schema: create }, async (request, reply) => {
    const user = requireUser(request);
    const input = valid(request, 'body');
    const cod = input.paymentMethod === 'cod';
    if (cod && !codPlacing)
      throw new HttpError(400, 'Cash on delivery is not available at this shop.', {}, 'paymentMethod');
    const order = await orders.create(request.store.id, user, input, {
      paymentProvider: cod ? COD_PAYMENT : paymentProviderOf(request.store),
      ...(cod && codPlacing ? codPlacing(request.store) : {}),
      clientAddress: request.ip,
      maxLineQuantity: Number(request.store.max_line_quantity),
    });
    return reply.code(201).send(order);
  });

  // The cart's and checkout's price: the same pricing as placing, nothing taken; a signed-in
  // shopper's token lets a coupon's per-customer limit be checked too.
  const quote = {
    description:
      'A cart priced exactly as its order would be: subtotal, discount (a coupon or offer), shipping, COD fee, GST included and total, in rupees.',
    security: [...SHOPPER_TOKEN, {}],
    body: QuoteRequest,
    response: withErrors({ 200: Quote }),
  };
  api.post('/quote', { schema: quote }, async (request) => {
    const input = valid(request, 'body');
    const priced = await orders.quote(request.store.id, {
      lines: input.lines,
      couponCode: input.couponCode,
      postalCode: input.postalCode,
      paymentMethod: input.paymentMethod,
      userId: request.user?.id,
    });
    const discountLabel = priced.charges.find((charge) => charge.kind === 'discount')?.label;
    return {
      subtotal: toRupees(priced.subtotal),
      discount: toRupees(priced.discount),
      shipping: toRupees(priced.shipping),
      codFee: toRupees(priced.codFee),
      taxIncluded: toRupees(priced.taxIncluded),
      taxes: priced.taxes.map((tax) => ({ rate: tax.rate, amount: toRupees(tax.amount) })),
      total: toRupees(priced.total),
      coupon: input.couponCode
        ? { code: input.couponCode, label: discountLabel ?? `Coupon ${input.couponCode} applied` }
        : discountLabel
          ? { code: null, label: discountLabel }
          : null,
      charges: priced.charges.map((charge) => ({ ...charge, amount: toRupees(charge.amount) })),
    };
  });

  const mine = { security: SHOPPER_TOKEN, response: withErrors({ 200: OrderListResponse }) };
  api.get('/orders', { schema: mine }, async (request) => {
    const user = requireUser(request);
    return orders.listForUser(request.store.id, user.id);
  });

  // The owner's token, or the email or phone the order was placed with (contactInfo).
  const one = {
    security: [...SHOPPER_TOKEN, {}],
    params: OrderParams,
    querystring: TrackOrderQuery,
    response: withErrors({ 200: Order }),
  };
  api.get('/orders/:id', { schema: one }, async (request) => {
    const { id } = valid(request, 'params');
    const { contactInfo } = valid(request, 'query');
    const order = await orders.findReadable(request.store.id, id, { user: request.user, contactInfo });
    // One order's read carries its timeline (placed, paid, shipped, out for delivery …); lists do not.
    return { ...order, timeline: await orders.timeline(request.store.id, order.id) };
  });

  // The shopper's own order only: unpaid, or paid and not yet shipped (see shopper-cancel.ts).
  const cancel = {
    security: SHOPPER_TOKEN,
    params: OrderParams,
    body: ShopperCancelRequest,
    response: withErrors({ 200: ShopperCancelResponse }),
  };
  api.post('/orders/:id/cancel', { schema: cancel }, async (request) => {
    const user = requireUser(request);
    const { id } = valid(request, 'params');
    const { reason, note } = valid(request, 'body');
    return orders.cancelByShopper(request.store.id, id, {
      user,
      ...(reason ? { reason } : {}),
      ...(note ? { note } : {}),
    });
  });
}
