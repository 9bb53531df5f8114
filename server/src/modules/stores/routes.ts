import { StoreInfo } from '@store/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAME_FOR_EVERY_SHOPPER } from '../../http/conditional-get.js';
import { describeRoutes, withErrors } from '../../http/wire.js';
import type { PaymentService } from '../payments/service.js';
import { toStoreInfo } from './service.js';

export async function storeRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
  describeRoutes(app, { tag: 'store' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // paymentMode: the storefront shows a test-mode banner for the sandbox, and says when there is no online payment.
  api.get(
    '/storeInfo',
    { ...SAME_FOR_EVERY_SHOPPER, schema: { response: withErrors({ 200: StoreInfo }) } },
    async (request) => ({
      ...toStoreInfo(request.store),
      paymentMode: payments.modeOf(request.store),
    }),
  );
}
