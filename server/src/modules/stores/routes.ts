import { StoreInfo } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAME_FOR_EVERY_SHOPPER } from '../../http/conditional-get.js';
import { describeRoutes, withErrors } from '../../http/wire.js';
import { type Store, toStoreInfo } from './service.js';

/** The store's payment mode, as its payment provider says (the payments sit above the stores). */
export type PaymentModeOf = (store: Store) => NonNullable<StoreInfo['paymentMode']>;

export async function storeRoutes(
  app: FastifyInstance,
  { paymentModeOf }: { paymentModeOf: PaymentModeOf },
): Promise<void> {
  describeRoutes(app, { tag: 'store' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // paymentMode: the storefront shows a test-mode banner for the sandbox, and says when there is no online payment.
  api.get(
    '/storeInfo',
    { ...SAME_FOR_EVERY_SHOPPER, schema: { response: withErrors({ 200: StoreInfo }) } },
    async (request) => ({
      ...toStoreInfo(request.store),
      paymentMode: paymentModeOf(request.store),
    }),
  );
}
