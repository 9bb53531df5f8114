import {
  PaymentFieldsResponse,
  PaymentReferenceAnswer,
  PaymentReferenceRequest,
  PaymentRequest,
  PaymentResponse,
  REFERENCE_RECORDED,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { originOf } from '../../shared/origins.js';
import { codRoutes } from './cod/routes.js';
import type { CodService } from './cod/service.js';
import { gatewayRoutes } from './gateway-routes.js';
import { isMobile } from './http.js';
import type { PaymentService } from './service.js';

export async function paymentRoutes(
  app: FastifyInstance,
  { payments, cod }: { payments: PaymentService; cod: CodService },
): Promise<void> {
  describeRoutes(app, { tag: 'payments' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.limits.payments);
  const fields = { response: withErrors({ 200: PaymentFieldsResponse }) };
  api.get('/payments/fields', { schema: fields }, async (request) => payments.fields(request.store));

  const start = { security: SHOPPER_TOKEN, body: PaymentRequest, response: withErrors({ 200: PaymentResponse }) };
  api.post('/payments', { schema: start }, async (request) => {
    const user = requireUser(request);
    const input = valid(request, 'body');
    return payments.start(request.store, user, input, { origin: originOf(request), mobile: isMobile(request) });
  });

  const reference = {
    description:
      "The shopper's own reference of a payment made by hand (a UPI transfer's UTR), for the merchant to confirm.",
    security: SHOPPER_TOKEN,
    body: PaymentReferenceRequest,
    response: withErrors({ 200: PaymentReferenceAnswer }),
  };
  api.post('/payments/reference', { schema: reference }, async (request) => {
    const user = requireUser(request);
    const input = valid(request, 'body');
    const kept = await payments.recordShopperReference(request.store, user, input.orderId, input.reference);
    return { recorded: true as const, reference: kept, message: REFERENCE_RECORDED };
  });

  await app.register(gatewayRoutes, { payments });
  await app.register(codRoutes, { cod, providers: payments });
}
