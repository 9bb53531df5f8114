import { Order, OrderStatus, PaymentResponse, ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  razorpayCheckoutSignature,
  razorpayWebhookSignature,
} from '../src/modules/payments/providers/razorpay/signatures.js';
import { callbackSignature } from '../src/modules/payments/providers/sandbox/index.js';
import { CANCELLED_AFTER_PAYMENT } from '../src/modules/payments/refunds.js';
import { FakeRazorpay, type WebhookDelivery } from './fakes/razorpay.js';
import { client, signUp, startShop, type TestShop, validAddress, withPayments } from './harness.js';

const KEYS = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisissecretkey1', webhookSecret: 'webhook-secret-1' };

let shop: TestShop;
let http: ReturnType<typeof client>;
let owner: Awaited<ReturnType<typeof signUp>>;
let productId: string;
let razorpay: FakeRazorpay;

beforeAll(async () => {
  razorpay = await new FakeRazorpay(KEYS).start();
  shop = await startShop();
  http = client(shop.app);
  owner = await signUp(shop.app);
  const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
  const inStock = data.find((p) => p.stock > 50);
  if (!inStock) throw new Error('no product in stock');
  productId = inStock.id;
});
afterAll(async () => {
  await shop.close();
  await razorpay.close();
});

const settings = () => ({
  razorpayKeyId: KEYS.keyId,
  razorpayKeySecret: KEYS.keySecret,
  razorpayWebhookSecret: KEYS.webhookSecret,
  razorpayApiUrl: razorpay.url,
  razorpayCheckoutUrl: razorpay.checkoutUrl,
});
const onRazorpay = <T>(work: () => Promise<T>) => withPayments(shop, 'razorpay', settings(), work);

async function newOrder(): Promise<Order> {
  const response = await http.post(
    '/orders',
    { products: { [productId]: 1 }, shippingAddress: validAddress },
    owner.token,
  );
  return Order.parse(response.json());
}

async function startPayment(order: Order) {
  const response = await http.post(
    '/payments',
    { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
    owner.token,
  );
  return { status: response.statusCode, body: response.json() as unknown };
}

async function started(order: Order) {
  const { body } = await startPayment(order);
  const data = PaymentResponse.parse(body).action?.formParams?.data;
  if (!data?.razorpayOrderId) throw new Error('no Razorpay order');
  return data;
}

const postForm = (url: string, fields: Record<string, string>) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { host: 'localhost:8044', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const deliver = (delivery: Pick<WebhookDelivery, 'body' | 'headers'>) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/payments/razorpay/webhook',
    headers: { host: 'localhost:8044', ...delivery.headers },
    payload: delivery.body,
  });

/** The API gives totals in rupees; Razorpay and the database count paise. */
const paiseOf = (order: Order) => Math.round(order.total * 100);

const statusOf = async (order: Order) =>
  Order.parse((await http.get(`/orders/${order.id}`, owner.token)).json()).status;

const paymentsOf = (order: Order) =>
  shop.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();

describe('Razorpay signatures', () => {
  // Vectors computed apart with `openssl dgst -sha256 -hmac <secret>`, as Razorpay's docs describe both signatures.
  it('signs a Checkout answer as HMAC-SHA256 hex of order_id|payment_id with the key secret', () => {
    expect(razorpayCheckoutSignature('thisissecretkey1', 'order_9A33XWu170gUtm', 'pay_29QQoUBi66xm2f')).toBe(
      'fb6d16c0804a12138e1fa3eeff6590b47099ff856d8998660472ca9b858189a4',
    );
  });

  it('signs a webhook as HMAC-SHA256 hex of the raw body with the webhook secret', () => {
    expect(razorpayWebhookSignature('webhook-secret-1', '{"event":"payment.captured"}')).toBe(
      '4b3bab0fc545e3743c7e8c3766dc772905b91a1c0024d08b50c1bd45c3e63f2e',
    );
    // One space more is another body.
    expect(razorpayWebhookSignature('webhook-secret-1', '{"event": "payment.captured"}')).not.toBe(
      '4b3bab0fc545e3743c7e8c3766dc772905b91a1c0024d08b50c1bd45c3e63f2e',
    );
  });
});

describe('paying through Razorpay', () => {
  it('creates a Razorpay order for the order total in paise, with the store key and our order id as receipt', async () => {
    await onRazorpay(async () => {
      const order = await newOrder();
      const { status, body } = await startPayment(order);
      expect(status).toBe(200);
      const payment = PaymentResponse.parse(body);
      const data = payment.action?.formParams?.data;
      expect(payment.action?.type).toBe('redirect_post');
      const made = razorpay.orders.get(data?.razorpayOrderId ?? '');
      expect(made).toMatchObject({ amount: paiseOf(order), currency: 'INR', receipt: order.id });
      expect(data).toMatchObject({ key: KEYS.keyId, orderId: order.id, amount: String(paiseOf(order)) });
      expect(JSON.stringify(payment)).not.toContain(KEYS.keySecret);
      expect(JSON.stringify(payment)).not.toContain(KEYS.webhookSecret);
    });
  });

  it('opens Razorpay Checkout on its own page, allowed by its policy, and refuses a changed amount', async () => {
    await onRazorpay(async () => {
      const data = await started(await newOrder());
      const fields = Object.fromEntries(Object.entries(data).map(([key, value]) => [`data[${key}]`, value]));
      const page = await postForm('/payments/razorpay/checkout', fields);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`src="${razorpay.checkoutUrl}"`);
      expect(page.body).toContain(data.razorpayOrderId);
      expect(page.headers['content-security-policy']).toContain(`script-src 'nonce-`);
      expect(page.headers['content-security-policy']).toContain(razorpay.url);
      expect(page.body).not.toContain(KEYS.keySecret);
      const changed = await postForm('/payments/razorpay/checkout', { ...fields, 'data[amount]': '100' });
      expect(changed.statusCode).toBe(400);
    });
  });

  it('a correctly signed callback pays the order once; a forged one does not', async () => {
    await onRazorpay(async () => {
      const order = await newOrder();
      const data = await started(order);
      const payment = razorpay.pay(data.razorpayOrderId ?? '');
      const answer = razorpay.checkoutAnswer(payment);
      const ours = { orderId: order.id, amount: data.amount ?? '', binding: data.binding ?? '' };

      const forged = await postForm('/payments/razorpay/callback', {
        ...ours,
        ...answer,
        razorpay_signature: razorpayCheckoutSignature('not-the-secret', answer.razorpay_order_id, payment.id),
      });
      expect(forged.statusCode).toBe(400);
      // Another order's seal does not pay this one, nor a smaller amount.
      const cheaper = await postForm('/payments/razorpay/callback', { ...ours, ...answer, amount: '100' });
      expect(cheaper.statusCode).toBe(400);
      expect(await statusOf(order)).toBe(OrderStatus.Pending);
      expect(await paymentsOf(order)).toHaveLength(0);

      const genuine = await postForm('/payments/razorpay/callback', { ...ours, ...answer });
      expect(genuine.statusCode).toBe(303);
      expect(genuine.headers.location).toContain(`/order-success?orderId=${order.id}`);
      expect(await statusOf(order)).toBe(OrderStatus.Processing);

      // Razorpay's webhooks of the same payment come after: nothing is recorded twice.
      expect((await deliver(razorpay.paymentCaptured(payment))).json()).toEqual({ received: true, status: 'success' });
      expect((await deliver(razorpay.orderPaid(payment))).statusCode).toBe(200);
      const recorded = await paymentsOf(order);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        provider: 'razorpay',
        reference: payment.id,
        amount: paiseOf(order),
        needs_refund: 0,
      });
    });
  });

  it('a signed webhook pays an order whose tab was closed; unsigned, forged and replayed ones change nothing', async () => {
    await onRazorpay(async () => {
      const order = await newOrder();
      const data = await started(order);
      const payment = razorpay.pay(data.razorpayOrderId ?? '');
      const captured = razorpay.paymentCaptured(payment);

      const unsigned = await deliver({ body: captured.body, headers: { 'content-type': 'application/json' } });
      expect(unsigned.statusCode).toBe(400);
      const forged = razorpay.webhook('payment.captured', { payment }, 'someone-elses-secret');
      expect((await deliver(forged)).statusCode).toBe(400);
      const tampered = await deliver({
        ...captured,
        body: captured.body.replace(`"amount":${paiseOf(order)}`, '"amount":100'),
      });
      expect(tampered.statusCode).toBe(400);
      expect(await statusOf(order)).toBe(OrderStatus.Pending);

      expect((await deliver(captured)).json()).toEqual({ received: true, status: 'success' });
      expect(await statusOf(order)).toBe(OrderStatus.Processing);
      // Replayed, and told again by order.paid, and a late payment.failed out of order: one payment, still paid.
      expect((await deliver(captured)).statusCode).toBe(200);
      expect((await deliver(razorpay.orderPaid(payment))).statusCode).toBe(200);
      const failed = razorpay.webhook('payment.failed', {
        payment: { ...payment, status: 'failed', error_description: 'Payment failed' },
      });
      expect((await deliver(failed)).json()).toEqual({ received: true, status: 'success' });
      expect(await paymentsOf(order)).toHaveLength(1);
      expect(await statusOf(order)).toBe(OrderStatus.Processing);
      const events = await shop.db
        .selectFrom('order_events')
        .select('to_status')
        .where('order_id', '=', order.id)
        .execute();
      expect(events.filter((event) => event.to_status === OrderStatus.Processing)).toHaveLength(1);
    });
  });

  it('refuses a payment of a different amount: the order stays unpaid and the money is kept for refund', async () => {
    await onRazorpay(async () => {
      const order = await newOrder();
      const data = await started(order);
      const payment = razorpay.pay(data.razorpayOrderId ?? '', { amount: paiseOf(order) - 100 });
      expect((await deliver(razorpay.paymentCaptured(payment))).statusCode).toBe(200);
      expect(await statusOf(order)).toBe(OrderStatus.Pending);
      expect(await paymentsOf(order)).toMatchObject([{ needs_refund: 1 }]);
    });
  });

  it('answers an event it does not act on, and tells the shopper plainly when Razorpay cannot start a payment', async () => {
    await onRazorpay(async () => {
      const ignored = await deliver(razorpay.webhook('payment.authorized', { payment: { id: 'pay_X' } }));
      expect(ignored.json()).toEqual({ received: true, status: 'ignored' });

      razorpay.failNext = { status: 503, times: 1 };
      const down = await startPayment(await newOrder());
      expect(down.status).toBe(409);
      expect(down.body).toEqual({ error: 'The payment could not be started, try again.' });
    });
    await withPayments(shop, 'razorpay', { ...settings(), razorpayKeySecret: 'wrong-secret-9' }, async () => {
      const refused = await startPayment(await newOrder());
      expect(refused.status).toBe(409);
    });
  });
});

describe('a paid order that is cancelled', () => {
  it('is refunded through Razorpay, once, and the refund is processed by its webhook', async () => {
    await onRazorpay(async () => {
      const order = await newOrder();
      const data = await started(order);
      const payment = razorpay.pay(data.razorpayOrderId ?? '');
      await deliver(razorpay.paymentCaptured(payment));
      await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, { by: { actor: 'staff:test' } });
      // The move owes the refund; Razorpay is asked after the commit, by the background work.
      expect(razorpay.refundsOf(payment.id)).toHaveLength(0);
      // Razorpay is briefly down: the refund is retried with the same idempotency key.
      razorpay.failNext = { status: 503, times: 1 };
      // (The payment of another amount, earlier, is owed back through Razorpay too.)
      expect(await shop.services.payments.requestDueRefunds()).toBeGreaterThanOrEqual(1);

      const refunds = razorpay.refundsOf(payment.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: paiseOf(order), status: 'pending' });
      const [recorded] = await paymentsOf(order);
      expect(recorded?.needs_refund).toBe(0);
      const refundOf = () => shop.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
      expect(await refundOf()).toMatchObject([
        { gateway_reference: refunds[0]?.id, amount: paiseOf(order), status: 'requested' },
      ]);

      const processed = razorpay.refundProcessed(refunds[0] ?? never());
      expect((await deliver(processed)).json()).toEqual({ received: true, status: 'refund-processed' });
      expect((await deliver(processed)).statusCode).toBe(200);
      expect(await refundOf()).toMatchObject([{ status: 'refunded' }]);
      expect(razorpay.refundsOf(payment.id)).toHaveLength(1);
    });
  });

  it('paid through a by-hand provider is listed for the merchant as needing a refund', async () => {
    const store = await shop.db
      .selectFrom('stores')
      .select('payment_config_json')
      .where('id', '=', shop.storeId)
      .executeTakeFirstOrThrow();
    const secret = (JSON.parse(store.payment_config_json) as { sandbox: { sandboxSecret: string } }).sandbox
      .sandboxSecret;
    const order = await newOrder();
    const amount = order.total.toFixed(2);
    const issuedAt = String(Date.now());
    const paid = await postForm('/payments/sandbox/callback', {
      orderId: order.id,
      reference: 'SBXCANCELLED01',
      amount,
      status: 'success',
      issuedAt,
      signature: callbackSignature(secret, order.id, 'SBXCANCELLED01', amount, 'success', issuedAt),
    });
    expect(paid.statusCode).toBe(303);
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, { by: { actor: 'staff:test' } });
    const due = await shop.services.payments.listNeedingRefund(shop.storeId);
    expect(due.filter((payment) => payment.order_id === order.id)).toMatchObject([{ reason: CANCELLED_AFTER_PAYMENT }]);
  });
});

function never(): never {
  throw new Error('missing');
}
