import { PaymentFieldsResponse, PaymentRequest, PaymentResponse, type PaymentReturn } from '@store/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { originOf, storefrontOrigin } from '../../shared/origins.js';
import { asPage, isMobile } from './http.js';
import type { PaymentOutcome, PaymentProvider, ProviderRouteKit } from './provider.js';
import { registeredProviders } from './registry.js';
import type { PaymentService, RecordedPayment } from './service.js';

/** Where the payer goes back to, with the truth of what happened (contract: PaymentReturn). */
export function returnPathOf(recorded: RecordedPayment): string {
  const orderId = encodeURIComponent(recorded.order.id);
  const back = (payment: PaymentReturn) =>
    `/payment?orderId=${orderId}&payment=${payment}${recorded.reason ? `&reason=${encodeURIComponent(recorded.reason)}` : ''}`;
  if (recorded.needsRefund) return back('refund');
  if (recorded.status === 'failed') return back('failed');
  // Paid, or the gateway will say later: the success page reads the order and tells which.
  return `/order-success?orderId=${orderId}`;
}

export async function paymentRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
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

  // The gateways' own pages and callbacks take HTML form posts (read by each provider) and answer
  // with pages and redirects: documented by their routes, not checked by a schema.
  for (const provider of registeredProviders()) provider.routes?.(app, routeKit(payments, provider));
}

function routeKit(payments: PaymentService, provider: PaymentProvider): ProviderRouteKit {
  return {
    settingsFor(request: FastifyRequest, options = {}) {
      // A store that does not run this provider has none of its pages: a kept sandbox form on a PayU store is refused.
      const runs = payments.providerFor(request.store)?.name === provider.name;
      if (!runs && !options.evenIfSwitched) throw notFound('This store does not take payments that way.');
      return payments.configFor(request.store);
    },
    async finish(request: FastifyRequest, reply: FastifyReply, outcome: PaymentOutcome) {
      let recorded: RecordedPayment;
      try {
        recorded = await payments.record(request.store.id, provider.name, outcome);
      } catch (error) {
        return asPage(reply, () => {
          throw error;
        });
      }
      return reply.redirect(`${storefrontOrigin(request)}${returnPathOf(recorded)}`, 303);
    },
  };
}
