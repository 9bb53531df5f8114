import {
  COD_PAYMENT,
  CreateOrderRequest,
  Id,
  Order,
  OrderListResponse,
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
