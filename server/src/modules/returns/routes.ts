import {
  CreateReturnRequest,
  Id,
  OrderReturnsResponse,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  Return,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { ReturnService } from './service.js';

const OrderParams = z.object({ id: Id });

/** POST and GET /orders/{id}/returns: the signed-in owner of a delivered order asks for a return or an exchange. */
export async function returnRoutes(app: FastifyInstance, { returns }: { returns: ReturnService }): Promise<void> {
  describeRoutes(app, { tag: 'returns' });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const ask = {
    security: SHOPPER_TOKEN,
    params: OrderParams,
    body: CreateReturnRequest,
    response: withErrors({ 201: Return }),
  };
  // Room for the photos in base64 (a third more than their bytes) beside the rest of the request.
  const bodyLimit = Math.ceil((RETURN_PHOTOS_MAX * RETURN_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;
  api.post('/orders/:id/returns', { schema: ask, bodyLimit }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = valid(request, 'params');
    const created = await returns.ask(request.store.id, user, id, valid(request, 'body'));
    return reply.status(201).send(created);
  });

  const list = { security: SHOPPER_TOKEN, params: OrderParams, response: withErrors({ 200: OrderReturnsResponse }) };
  api.get('/orders/:id/returns', { schema: list }, async (request) => {
    const user = requireUser(request);
    const { id } = valid(request, 'params');
    return returns.forShopper(request.store.id, user, id);
  });
}
