import { type PaymentReturn, WebhookAnswer } from '@netkart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.js';
import { notJson, redirect, withErrors } from '../../http/wire.js';
import { storefrontOrigin } from '../../shared/origins.js';
import { asPage, formFields } from './http.js';
import type { GatewayNotice, GatewayRequest, PaymentOutcome, PaymentProvider, ProviderSettings } from './provider.js';
import { providerNamed, registeredProviders } from './registry.js';
import type { PaymentService, RecordedPayment } from './service.js';

/** A webhook's body is read as its bytes: gateways sign the exact body (an HMAC over it). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

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

type Kind = 'callback' | 'webhook';

const verifierOf = (provider: PaymentProvider, kind: Kind) =>
  kind === 'callback' ? provider.verifyCallback : provider.verifyWebhook;

/** Calls the provider's own verifier (the route is only reached for a provider that has one). */
function verifyCallback(
  provider: PaymentProvider,
  request: GatewayRequest,
  settings: ProviderSettings,
): PaymentOutcome {
  if (!provider.verifyCallback)
    throw notFound(`There is no payment provider '${provider.name}' that takes a callback.`);
  return provider.verifyCallback(request, settings);
}

function verifyWebhook(provider: PaymentProvider, request: GatewayRequest, settings: ProviderSettings): GatewayNotice {
  if (!provider.verifyWebhook) throw notFound(`There is no payment provider '${provider.name}' that takes a webhook.`);
  return provider.verifyWebhook(request, settings);
}

/** The provider a gateway's answer names, if it takes that kind of answer; else a 404 with a clear error. */
function answering(name: string, kind: Kind) {
  const provider = providerNamed(name);
  if (!provider || !verifierOf(provider, kind)) {
    throw notFound(`There is no payment provider '${name}' that takes a ${kind}.`);
  }
  return provider;
}

const gatewayRequest = (request: FastifyRequest, fields: Record<string, string>): GatewayRequest => ({
  fields,
  headers: request.headers,
});

const formPage = (description: string) => ({
  description,
  consumes: ['application/x-www-form-urlencoded'],
  response: { 200: notJson('text/html', 'The page'), '4xx': notJson('text/html', 'Why it cannot go on') },
});

const CALLBACK = {
  description: "A gateway's answer through the payer's browser, posted as an HTML form and verified by its provider.",
  consumes: ['application/x-www-form-urlencoded'],
  response: {
    303: redirect("To the storefront's page of the payment's outcome"),
    '4xx': notJson('text/html', 'Why it was refused'),
  },
};

const WEBHOOK = {
  description: "A gateway's server-to-server notice, verified by its provider over the raw body.",
  response: withErrors({ 200: WebhookAnswer }),
};

/**
 * What gateways reach: each provider's hosted pages, and one callback and one webhook route that
 * serve every provider (POST /payments/{provider}/callback and …/webhook). Each provider's own
 * address is also registered, so the API's document lists it; an unknown name gets a 404.
 */
export async function gatewayRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }) {
  /** A store that does not run this provider has none of its pages: a kept sandbox form on a PayU store is refused. */
  const settingsFor = (request: FastifyRequest, provider: PaymentProvider): ProviderSettings => {
    const runs = payments.providerFor(request.store)?.name === provider.name;
    if (!runs && !provider.answersAfterSwitch) throw notFound('This store does not take payments that way.');
    return payments.settingsFor(request.store, provider);
  };

  for (const provider of registeredProviders()) {
    for (const hosted of provider.pages ?? []) {
      app.post(
        `/payments/${provider.name}/${hosted.path}`,
        { schema: formPage(hosted.description) },
        (request, reply) => hosted.handle(request, reply, { settingsFor: (asked) => settingsFor(asked, provider) }),
      );
    }
  }

  async function callback(request: FastifyRequest, reply: FastifyReply, name: string) {
    const provider = answering(name, 'callback');
    let outcome: PaymentOutcome;
    let recorded: RecordedPayment;
    try {
      const settings = settingsFor(request, provider);
      outcome = verifyCallback(provider, gatewayRequest(request, formFields(request.body)), settings);
      recorded = await payments.record(request.store.id, provider.name, outcome);
    } catch (error) {
      // The payer's browser is here: a refusal is a page, not JSON.
      return asPage(reply, () => {
        throw error;
      });
    }
    return reply.redirect(`${storefrontOrigin(request)}${returnPathOf(recorded)}`, 303);
  }

  async function webhook(request: FastifyRequest, reply: FastifyReply, name: string) {
    const provider = answering(name, 'webhook');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const fields = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
    const notice = verifyWebhook(
      provider,
      { ...gatewayRequest(request, fields), rawBody },
      settingsFor(request, provider),
    );
    if ('ignored' in notice) return reply.send({ received: true, status: 'ignored' } satisfies WebhookAnswer);
    if ('refund' in notice) {
      await payments.refundSettled(request.store.id, provider.name, notice.refund);
      return reply.send({ received: true, status: `refund-${notice.refund.status}` } satisfies WebhookAnswer);
    }
    const recorded = await payments.record(request.store.id, provider.name, notice);
    const answer: WebhookAnswer = { received: true, status: recorded.status };
    return reply.send(answer);
  }

  type Named = { Params: { provider: string } };
  for (const provider of registeredProviders()) {
    if (provider.verifyCallback) {
      app.post(`/payments/${provider.name}/callback`, { schema: CALLBACK }, (request, reply) =>
        callback(request, reply, provider.name),
      );
    }
  }
  app.post<Named>('/payments/:provider/callback', { schema: CALLBACK }, (request, reply) =>
    callback(request, reply, request.params.provider),
  );

  // Webhooks are verified over their raw bytes: this scope alone reads bodies as they came.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    for (const provider of registeredProviders()) {
      if (provider.verifyWebhook) {
        webhooks.post(`/payments/${provider.name}/webhook`, { schema: WEBHOOK }, (request, reply) =>
          webhook(request, reply, provider.name),
        );
      }
    }
    webhooks.post<Named>('/payments/:provider/webhook', { schema: WEBHOOK }, (request, reply) =>
      webhook(request, reply, request.params.provider),
    );
  });
}
