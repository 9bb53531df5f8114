import { WhatsAppUpdates, WhatsAppUpdatesRequest } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { WhatsAppService } from './service.js';

/** Meta sends statuses in batches; a body this size holds hundreds. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const WebhookAnswer = z.object({ received: z.boolean(), statuses: z.number().int(), stopped: z.number().int() });

/**
 * The signed-in shopper's WhatsApp order updates (GET and PUT /users/whatsapp), and WhatsApp's
 * webhook: Meta's verification GET, and its signed POSTs of delivery statuses and replies.
 */
export async function whatsAppRoutes(app: FastifyInstance, { whatsApp }: { whatsApp: WhatsAppService }) {
  describeRoutes(app, { tag: 'accounts' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownerOf = (request: Parameters<typeof requireUser>[0]) => ({
    storeId: request.store.id,
    userId: requireUser(request).id,
  });

  const read = { security: SHOPPER_TOKEN, response: withErrors({ 200: WhatsAppUpdates }) };
  api.get('/users/whatsapp', { schema: read }, async (request) => whatsApp.updatesOf(ownerOf(request)));

  const change = {
    security: SHOPPER_TOKEN,
    description: 'Turns order updates on WhatsApp on (recording the consent and its words) or off (withdrawing it).',
    body: WhatsAppUpdatesRequest,
    response: withErrors({ 200: WhatsAppUpdates }),
  };
  api.put('/users/whatsapp', { schema: change }, async (request) =>
    whatsApp.setUpdates(ownerOf(request), valid(request, 'body')),
  );

  const challenge = {
    description:
      "Meta's webhook verification: hub.challenge echoed as text when hub.verify_token is WHATSAPP_VERIFY_TOKEN.",
  };
  app.get('/messages/whatsapp/webhook', { schema: challenge }, async (request, reply) => {
    const answer = whatsApp.challenge(request.query as Record<string, unknown>);
    if (answer === undefined) throw new HttpError(403, 'The verify token is not this shop’s.');
    return reply.type('text/plain; charset=utf-8').send(answer);
  });

  // Signed over its raw bytes: this scope alone reads bodies as they came.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    const receive = {
      description:
        "WhatsApp's webhook: delivery statuses and shoppers' replies (STOP ends their updates), checked by X-Hub-Signature-256.",
      response: withErrors({ 200: WebhookAnswer }),
    };
    webhooks
      .withTypeProvider<ZodTypeProvider>()
      .post('/messages/whatsapp/webhook', { schema: receive }, async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await whatsApp.webhook(rawBody, request.headers['x-hub-signature-256']);
        if (!result) throw new HttpError(401, 'The webhook is not signed with this shop’s WhatsApp app secret.');
        return { received: true, ...result };
      });
  });
}
