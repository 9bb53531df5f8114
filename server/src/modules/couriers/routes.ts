import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { describeRoutes, withErrors } from '../../http/wire.js';
import type { CourierService } from './service.js';

/** What a courier's webhook is told: taken, and whether it was a replay or moved the order. */
const TrackingAnswer = z.object({ received: z.boolean(), duplicate: z.boolean(), applied: z.boolean() });

const WEBHOOK = {
  description:
    "A courier's tracking event (Shiprocket: its documented payload, with the merchant's token in the x-api-key header). A replay or an older event changes nothing; Delivered delivers the order, RTO Delivered cancels it with its stock back.",
  params: z.object({ provider: z.string() }),
  response: withErrors({ 200: TrackingAnswer }),
};

/**
 * POST /couriers/{provider}/webhook, and POST /couriers/webhook for the store's own courier service
 * (Shiprocket refuses webhook addresses that name it).
 */
export async function courierRoutes(app: FastifyInstance, { couriers }: { couriers: CourierService }): Promise<void> {
  describeRoutes(app, { tag: 'couriers' });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const receive = async (request: FastifyRequest, provider: string) => {
    const result = await couriers.trackingUpdate(request.store.id, provider, request.headers, request.body);
    return { received: true, duplicate: result.duplicate, applied: result.applied };
  };

  api.post('/couriers/:provider/webhook', { schema: WEBHOOK }, async (request) =>
    receive(request, request.params.provider),
  );

  const { params: _none, ...ownCourier } = WEBHOOK;
  api.post('/couriers/webhook', { schema: ownCourier }, async (request) => {
    const courier = await couriers.courierOf(request.store.id);
    if (!courier)
      throw new HttpError(401, 'This store has no courier service set up, so it takes no tracking webhooks.');
    return receive(request, courier.provider.name);
  });
}
