import type { FastifyInstance } from 'fastify';
import { SAME_FOR_EVERY_SHOPPER } from '../../http/conditional-get.js';
import type { PaymentService } from '../payments/service.js';
import { toStoreInfo } from './service.js';

export async function storeRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
  // paymentMode: the storefront shows a test-mode banner for the sandbox, and says when there is no online payment.
  app.get('/storeInfo', SAME_FOR_EVERY_SHOPPER, async (request) => ({
    ...toStoreInfo(request.store),
    paymentMode: payments.modeOf(request.store),
  }));
}
