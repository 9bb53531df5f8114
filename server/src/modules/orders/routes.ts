import { CreateOrderRequest, Id, TrackOrderQuery } from '@store/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { parse } from '../../http/errors.js';
import type { PaymentService } from '../payments/service.js';
import type { OrderService } from './service.js';

const OrderParams = z.object({ id: Id });

export async function orderRoutes(
  app: FastifyInstance,
  { orders, payments }: { orders: OrderService; payments: PaymentService },
): Promise<void> {
  app.post('/orders', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(CreateOrderRequest, request.body);
    const order = await orders.create(request.store.id, user, input, {
      paymentProvider: payments.providerNameFor(request.store),
      clientAddress: request.ip,
    });
    return reply.code(201).send(order);
  });

  app.get('/orders', async (request) => {
    const user = requireUser(request);
    return orders.listForUser(request.store.id, user.id);
  });

  app.get('/orders/:id', async (request) => {
    const { id } = parse(OrderParams, request.params);
    const { contactInfo } = parse(TrackOrderQuery, request.query);
    return orders.findReadable(request.store.id, id, { user: request.user, contactInfo });
  });
}
