import { randomBytes } from 'node:crypto';
import { PaymentRequest } from '@store/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import { formatInr } from '../../http/money.js';
import { escapeHtml, hiddenInputs, page } from './pages.js';
import { paymentConfigOf } from './provider.js';
import { sandboxCheckoutPage } from './providers/sandbox.js';
import type { PaymentService, RecordedPayment } from './service.js';

/** The origin the shopper reached us on. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Where the storefront lives: the same origin, or the host without its `api.` prefix. */
function storefrontOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host.replace(/^api\./, '')}`;
}

const isMobile = (request: FastifyRequest) =>
  /Android|iPhone|iPad|iPod|Mobile/i.test(request.headers['user-agent'] ?? '');

/** A gateway's form, as text fields only (anything else is dropped, not trusted). */
function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'The request has no form fields.');
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Browser-facing payment pages show their errors as a page, not JSON. */
async function asPage(reply: FastifyReply, render: () => Promise<string> | string) {
  try {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await render());
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return reply
      .code(error.statusCode)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Payment',
          `<h1>We could not continue with this payment</h1><p>${escapeHtml(error.message)}</p><p><a href="/orders">Back to my orders</a></p>`,
        ),
      );
  }
}

export async function paymentRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
  app.get('/payments/fields', async (request) => payments.fields(request.store));

  app.post('/payments', async (request) => {
    const user = requireUser(request);
    const input = parse(PaymentRequest, request.body);
    return payments.start(request.store, user, input, { origin: originOf(request), mobile: isMobile(request) });
  });

  // The sandbox gateway's hosted checkout page.
  app.post('/payments/sandbox/checkout', async (request, reply) =>
    asPage(reply, () =>
      sandboxCheckoutPage(
        paymentConfigOf(request.store),
        formFields(request.body),
        request.store.store_name || request.store.company_name,
        formatInr,
      ),
    ),
  );

  // The storefront posts PayU's fields as data[key]; this page hands them to the gateway under their own names.
  app.post('/payments/payu/redirect', async (request, reply) => {
    const body = formFields(request.body);
    const gateway = paymentConfigOf(request.store).payuUrl;
    if (!gateway || body.url !== gateway) throw new HttpError(400, 'This payment cannot be sent to that address.');
    const data = Object.fromEntries(
      Object.entries(body)
        .map(([name, value]) => [/^data\[(\w+)\]$/.exec(name)?.[1], value] as const)
        .filter((entry): entry is [string, string] => entry[0] !== undefined),
    );
    const nonce = randomBytes(16).toString('base64');
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${new URL(gateway).origin}; base-uri 'none'; frame-ancestors 'none'`,
    );
    return asPage(reply, () =>
      page(
        'Redirecting to payment',
        `<h1>Taking you to the payment page…</h1><p>If nothing happens, press the button.</p><form id="gateway" method="post" action="${escapeHtml(gateway)}">${hiddenInputs(data)}<button type="submit" class="primary">Continue to payment</button></form>`,
        `<script nonce="${nonce}">document.getElementById('gateway').submit()</script>`,
      ),
    );
  });

  // Gateways' callbacks: verified before anything changes, idempotent, then the payer goes back to the shop.
  for (const provider of ['sandbox', 'payu']) {
    app.post(`/payments/${provider}/callback`, async (request, reply) => {
      let recorded: RecordedPayment;
      try {
        recorded = await payments.handleCallback(request.store, provider, formFields(request.body));
      } catch (error) {
        return asPage(reply, () => {
          throw error;
        });
      }
      const shop = storefrontOrigin(request);
      const target =
        recorded.status === 'success' ? `/order-success?orderId=${encodeURIComponent(recorded.order.id)}` : '/orders';
      return reply.redirect(`${shop}${target}`, 303);
    });
  }
}
