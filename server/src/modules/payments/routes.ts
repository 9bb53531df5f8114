import { PaymentRequest } from '@store/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { parse } from '../../http/errors.js';
import type { PaymentService } from './service.js';

/** The origin the shopper reached us on (behind a proxy: X-Forwarded-Proto/Host when trusted). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const isMobile = (request: FastifyRequest) =>
  /Android|iPhone|iPad|iPod|Mobile/i.test(request.headers['user-agent'] ?? '');

export async function paymentRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
  app.get('/payments/fields', async (request) => payments.fields(request.store));

  app.post('/payments', async (request) => {
    const user = requireUser(request);
    const input = parse(PaymentRequest, request.body);
    return payments.start(request.store, user, input, { origin: originOf(request), mobile: isMobile(request) });
  });
}
