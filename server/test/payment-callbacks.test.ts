import { Order, OrderStatus, PaymentResponse, ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payuResponseHash } from '../src/modules/payments/providers/payu/index.js';
import { callbackSignature } from '../src/modules/payments/providers/sandbox/index.js';
import { client, countRows, signUp, startShop, type TestShop, validAddress, withPayments } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let owner: Awaited<ReturnType<typeof signUp>>;
let productId: string;
let secret: string;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  owner = await signUp(shop.app);
  const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
  const inStock = data.find((p) => p.stock > 50);
  if (!inStock) throw new Error('no product in stock');
  productId = inStock.id;
  const store = await shop.db
    .selectFrom('stores')
    .select('payment_config_json')
    .where('id', '=', shop.storeId)
    .executeTakeFirstOrThrow();
  secret = (JSON.parse(store.payment_config_json) as { sandbox: { sandboxSecret: string } }).sandbox.sandboxSecret;
});
afterAll(() => shop.close());

async function newOrder(): Promise<Order> {
  const response = await http.post(
    '/orders',
    { products: { [productId]: 1 }, shippingAddress: validAddress },
    owner.token,
  );
  return Order.parse(response.json());
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postForm = (url: string, fields: Record<string, string>) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { host: 'localhost:8044', 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });

async function startSandbox(order: Order) {
  const response = await http.post(
    '/payments',
    { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
    owner.token,
  );
  return PaymentResponse.parse(response.json());
}

const statusOf = async (order: Order) =>
  Order.parse((await http.get(`/orders/${order.id}`, owner.token)).json()).status;

function signedCallback(
  order: Order,
  reference: string,
  status: 'success' | 'failed',
  amount = order.total.toFixed(2),
  issuedAt = String(Date.now()),
) {
  return {
    orderId: order.id,
    reference,
    amount,
    status,
    issuedAt,
    signature: callbackSignature(secret, order.id, reference, amount, status, issuedAt),
  };
}

const refundsDue = async () =>
  (await shop.db.selectFrom('payments').select('id').where('needs_refund', '=', 1).execute()).length;

describe('the sandbox gateway', () => {
  it('shows its checkout page for the storefront’s data[key] form, with the amount in INR', async () => {
    const order = await newOrder();
    const payment = await startSandbox(order);
    const params = payment.action?.formParams;
    if (!params) throw new Error('no form');
    const fields = Object.fromEntries([
      ['type', params.type],
      ['url', params.url],
      ...Object.entries(params.data).map(([key, value]) => [`data[${key}]`, value]),
    ]);
    const page = await postForm('/payments/sandbox/checkout', fields);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order.id);
    expect(page.body).toContain('₹');
    expect(page.body).toContain('Approve');
    expect(page.body).toContain('Decline');
    expect(page.body).not.toContain('<script');
  });

  it('refuses a checkout page whose amount was changed', async () => {
    const order = await newOrder();
    const params = (await startSandbox(order)).action?.formParams;
    if (!params) throw new Error('no form');
    const page = await postForm('/payments/sandbox/checkout', { ...params.data, amount: '1.00' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('not genuine');
  });

  it('an approved payment moves the order to Processing, records it once, and sends the payer to order-success', async () => {
    const order = await newOrder();
    const before = await countRows(shop.db, 'payments');
    const callback = signedCallback(order, `SBX-${order.id}`, 'success');
    const response = await postForm('/payments/sandbox/callback', callback);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://localhost:8044/order-success?orderId=${order.id}`);
    expect(await statusOf(order)).toBe(OrderStatus.Processing);
    expect(await countRows(shop.db, 'payments')).toBe(before + 1);

    // A replay changes nothing and still lands on the success page.
    const replay = await postForm('/payments/sandbox/callback', callback);
    expect(replay.statusCode).toBe(303);
    expect(await countRows(shop.db, 'payments')).toBe(before + 1);
    expect(await statusOf(order)).toBe(OrderStatus.Processing);

    // A second, different payment of the same order is money taken twice: kept, and flagged for refund.
    const refunds = await refundsDue();
    const second = await postForm('/payments/sandbox/callback', signedCallback(order, `SBX-${order.id}-2`, 'success'));
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(
      `http://localhost:8044/payment?orderId=${order.id}&payment=refund&reason=${encodeURIComponent('The order was already paid.')}`,
    );
    expect(await countRows(shop.db, 'payments')).toBe(before + 2);
    expect(await refundsDue()).toBe(refunds + 1);
  });

  it('a declined payment leaves the order Pending, records the attempt, and tells the payer it failed', async () => {
    const order = await newOrder();
    const before = await countRows(shop.db, 'payments');
    const response = await postForm(
      '/payments/sandbox/callback',
      signedCallback(order, `SBX-${order.id}-no`, 'failed'),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `http://localhost:8044/payment?orderId=${order.id}&payment=failed&reason=${encodeURIComponent('The payment was declined on the test gateway.')}`,
    );
    expect(await statusOf(order)).toBe(OrderStatus.Pending);
    expect(await countRows(shop.db, 'payments')).toBe(before + 1);
  });

  it.each([
    ['a forged signature', (c: Record<string, string>) => ({ ...c, signature: 'f'.repeat(64) })],
    ['a changed status', (c: Record<string, string>) => ({ ...c, status: 'success' })],
    ['a changed amount', (c: Record<string, string>) => ({ ...c, amount: '1.00' })],
    ['no fields at all', () => ({})],
  ])('rejects %s and changes nothing', async (_name, tamper) => {
    const order = await newOrder();
    const before = await countRows(shop.db, 'payments');
    const response = await postForm(
      '/payments/sandbox/callback',
      tamper(signedCallback(order, `SBX-${order.id}-t`, 'failed')),
    );
    expect(response.statusCode).toBe(400);
    expect(await statusOf(order)).toBe(OrderStatus.Pending);
    expect(await countRows(shop.db, 'payments')).toBe(before);
  });

  it('keeps a genuine payment of the wrong amount, for refund, and leaves the order unpaid', async () => {
    const order = await newOrder();
    const refunds = await refundsDue();
    const response = await postForm(
      '/payments/sandbox/callback',
      signedCallback(order, `SBX-${order.id}-w`, 'success', '1.00'),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toContain('payment=refund');
    expect(decodeURIComponent(String(response.headers.location))).toContain('does not match the order total');
    expect(await statusOf(order)).toBe(OrderStatus.Pending);
    expect(await refundsDue()).toBe(refunds + 1);
  });

  it('never pays a cancelled order, but records the money for refund', async () => {
    const order = await newOrder();
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, {
      cancelReason: 'Payment not received',
    });
    const response = await postForm(
      '/payments/sandbox/callback',
      signedCallback(order, `SBX-${order.id}-c`, 'success'),
    );
    expect(response.statusCode).toBe(303);
    expect(decodeURIComponent(String(response.headers.location))).toContain(
      'payment=refund&reason=The order was cancelled (payment not received) before the payment arrived.',
    );
    expect(await statusOf(order)).toBe(OrderStatus.Cancelled);
    const [payment] = await shop.services.payments.listForOrder(shop.storeId, order.id);
    expect(payment).toMatchObject({ status: 'success', needs_refund: 1 });
  });

  it('of twenty approvals of one order at once, one pays it and nineteen are kept for refund', async () => {
    const order = await newOrder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postForm('/payments/sandbox/callback', signedCallback(order, `SBX-${order.id}-p${i}`, 'success')),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(303));
    const payments = await shop.services.payments.listForOrder(shop.storeId, order.id);
    expect(payments).toHaveLength(20);
    expect(payments.filter((payment) => payment.needs_refund === 0)).toHaveLength(1);
    expect(await statusOf(order)).toBe(OrderStatus.Processing);
  });

  it('refuses a kept form after 30 minutes', async () => {
    const order = await newOrder();
    const old = String(Date.now() - 31 * 60_000);
    const response = await postForm(
      '/payments/sandbox/callback',
      signedCallback(order, `SBX-${order.id}-old`, 'success', order.total.toFixed(2), old),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('expired');
    expect(await statusOf(order)).toBe(OrderStatus.Pending);
  });
});

describe('UPI and manual confirmation', () => {
  it('answers a QR on a desktop and a deeplink on a phone, and the merchant’s UTR moves the order on once', async () => {
    await withPayments(shop, 'upi', { upiVpa: 'netkart@okaxis', upiPayee: 'NetKart' }, async () => {
      const order = await newOrder();
      const desktop = PaymentResponse.parse(
        (await http.post('/payments', { orderId: order.id, fields: {} }, owner.token)).json(),
      );
      expect(desktop.action?.type).toBe('qr');
      expect(desktop.action?.qr).toBe(
        `upi://pay?pa=netkart%40okaxis&pn=NetKart&tr=${order.id}&tn=Order%20${order.id}&am=${order.total.toFixed(2)}&cu=INR`,
      );
      const phone = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: {
          host: 'localhost',
          authorization: `Bearer ${owner.token}`,
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
        },
        payload: { orderId: order.id, fields: {} },
      });
      expect(PaymentResponse.parse(phone.json()).action).toMatchObject({
        type: 'deeplink',
        redirectUrl: desktop.action?.qr,
      });
      expect(await statusOf(order)).toBe(OrderStatus.Pending);

      const first = await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
        provider: 'upi',
        reference: '412345678901',
      });
      expect(first).toMatchObject({ replayed: false, status: 'success' });
      const again = await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
        provider: 'upi',
        reference: '412345678901',
      });
      expect(again.replayed).toBe(true);
      expect(await statusOf(order)).toBe(OrderStatus.Processing);
    });
  });
});

describe('a store that does not run the sandbox', () => {
  it('refuses a kept sandbox form and its checkout page, and changes nothing', async () => {
    const order = await newOrder();
    const callback = signedCallback(order, `SBX-${order.id}-kept`, 'success');
    const params = (await startSandbox(order)).action?.formParams;
    if (!params) throw new Error('no form');
    await withPayments(shop, 'upi', { upiVpa: 'netkart@okaxis' }, async () => {
      const before = await countRows(shop.db, 'payments');
      expect((await postForm('/payments/sandbox/callback', callback)).statusCode).toBe(404);
      expect((await postForm('/payments/sandbox/checkout', params.data)).statusCode).toBe(404);
      expect(await statusOf(order)).toBe(OrderStatus.Pending);
      expect(await countRows(shop.db, 'payments')).toBe(before);
    });
  });
});

describe('the PayU-style gateway', () => {
  const payu = { payuKey: 'C0Dr8m', payuSalt: '3sf0jURk', payuUrl: 'https://test.payu.in/_payment' };

  it('sends the payer to the gateway with a hash, and accepts only a genuine callback', async () => {
    await withPayments(shop, 'payu', payu, async () => {
      const order = await newOrder();
      const payment = PaymentResponse.parse(
        (
          await http.post(
            '/payments',
            { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
            owner.token,
          )
        ).json(),
      );
      const params = payment.action?.formParams;
      expect(payment.action?.type).toBe('redirect_post');
      expect(params?.url).toBe(payu.payuUrl);
      expect(params?.data).toMatchObject({
        key: 'C0Dr8m',
        amount: order.total.toFixed(2),
        udf1: order.id,
        firstname: 'Asha Rao',
      });
      expect(params?.data.hash).toMatch(/^[0-9a-f]{128}$/);
      expect(JSON.stringify(payment)).not.toContain(payu.payuSalt);

      // The relay page hands the fields to the gateway under their own names.
      const relay = await postForm('/payments/payu/redirect', {
        type: 'payu',
        url: payu.payuUrl,
        ...Object.fromEntries(Object.entries(params?.data ?? {}).map(([key, value]) => [`data[${key}]`, value])),
      });
      expect(relay.statusCode).toBe(200);
      expect(relay.body).toContain('action="https://test.payu.in/_payment"');
      expect(relay.body).toContain(`name="txnid" value="${params?.data.txnid}"`);
      expect(relay.headers['content-security-policy']).toContain('form-action https://test.payu.in');
      expect(
        (await postForm('/payments/payu/redirect', { type: 'payu', url: 'https://evil.example/steal' })).statusCode,
      ).toBe(400);

      const response: Record<string, string> = {
        key: 'C0Dr8m',
        txnid: params?.data.txnid ?? '',
        amount: params?.data.amount ?? '',
        productinfo: params?.data.productinfo ?? '',
        firstname: params?.data.firstname ?? '',
        email: params?.data.email ?? '',
        udf1: order.id,
        status: 'success',
        mihpayid: '403993715521937565',
      };
      const forged = await postForm('/payments/payu/callback', { ...response, hash: 'a'.repeat(128) });
      expect(forged.statusCode).toBe(400);
      expect(await statusOf(order)).toBe(OrderStatus.Pending);

      const genuine = await postForm('/payments/payu/callback', {
        ...response,
        hash: payuResponseHash(response, payu.payuSalt),
      });
      expect(genuine.statusCode).toBe(303);
      expect(genuine.headers.location).toContain(`/order-success?orderId=${order.id}`);
      expect(await statusOf(order)).toBe(OrderStatus.Processing);
    });
  });
});

describe('one callback and one webhook route for every provider', () => {
  it('answers a provider it does not know, or one that takes no webhook, with a 404 and a clear error', async () => {
    const unknown = await postForm('/payments/paypal/callback', { orderId: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "There is no payment provider 'paypal' that takes a callback." });

    const webhook = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/webhook',
      headers: { host: 'localhost:8044', 'content-type': 'application/json' },
      payload: '{"event":"payment.captured"}',
    });
    expect(webhook.statusCode).toBe(404);
    expect(webhook.json()).toEqual({ error: "There is no payment provider 'sandbox' that takes a webhook." });
  });
});
