import { CodConfirmationAnswer, ConfirmCodRequest, Id, PaymentMethodsResponse } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../http/auth.js';
import { SHOPPER_TOKEN, valid, withErrors } from '../../../http/wire.js';
import type { StoreProviders } from '../store-providers.js';
import type { CodService } from './service.js';

const OrderParams = z.object({ id: Id });

/** The store's payment methods, and a COD order's confirmation by the code sent to its phone. */
export async function codRoutes(
  app: FastifyInstance,
  { cod, providers }: { cod: CodService; providers: StoreProviders },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const methods = {
    description: "The store's payment methods: its online provider, and cash on delivery with its fee and limits.",
    response: withErrors({ 200: PaymentMethodsResponse }),
  };
  api.get('/payments/methods', { schema: methods }, async (request) => ({
    online: providers.providerNameFor(request.store),
    cod: await cod.offer(request.store.id),
  }));

  const confirm = {
    description:
      'Confirms a cash-on-delivery order with the 6-digit code sent to its phone (limited tries; the code expires).',
    security: SHOPPER_TOKEN,
    params: OrderParams,
    body: ConfirmCodRequest,
    response: withErrors({ 200: CodConfirmationAnswer }),
  };
  api.post('/orders/:id/confirm-cod', { schema: confirm }, async (request) => {
    const user = requireUser(request);
    const { id } = valid(request, 'params');
    const { code } = valid(request, 'body');
    return cod.confirm(request.store.id, user, id, code);
  });

  const resend = {
    description:
      "Sends a new code to a cash-on-delivery order's phone (at most one a minute); the old one stops working.",
    security: SHOPPER_TOKEN,
    params: OrderParams,
    response: withErrors({ 200: CodConfirmationAnswer }),
  };
  api.post('/orders/:id/resend-cod-code', { schema: resend }, async (request) => {
    const user = requireUser(request);
    const { id } = valid(request, 'params');
    return cod.resend(request.store, user, id);
  });
}
