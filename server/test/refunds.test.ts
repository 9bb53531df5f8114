import {
  AdminActivityResponse,
  AdminDashboard,
  AdminOrder,
  AdminRefundListResponse,
  Order,
  OrderStatus,
  PaymentResponse,
  ProductListResponse,
} from '@netkart/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { up } from '../src/db/migrations/2027-01-22-refunds.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { FIRST_REFUND_RETRY_MS } from '../src/modules/payments/refunds.js';
import { addStaff, adminClient } from './admin-harness.js';
import { FakeRazorpay, type WebhookDelivery } from './fakes/razorpay.js';
import { client, signUp, startShop, type TestShop, validAddress, withPayments } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

const KEYS = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisissecretkey1', webhookSecret: 'webhook-secret-1' };

let shop: TestShop;
let http: ReturnType<typeof client>;
let owner: Awaited<ReturnType<typeof signUp>>;
let productId: string;
let razorpay: FakeRazorpay;
let peer: SmtpPeer;
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  razorpay = await new FakeRazorpay(KEYS).start();
  peer = await startSmtpPeer();
  shop = await startShop();
  http = client(shop.app);
  owner = await signUp(shop.app);
  const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
  const inStock = data.find((p) => p.stock > 50);
  if (!inStock) throw new Error('no product in stock');
  productId = inStock.id;
  const { email, password } = await addStaff(shop, { role: 'orders' });
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
});
afterAll(async () => {
  await shop.close();
  await razorpay.close();
  await peer.close();
});
beforeEach(async () => {
  await sendMail();
  peer.received.length = 0;
});

const settings = (overrides: Record<string, string> = {}) => ({
  razorpayKeyId: KEYS.keyId,
  razorpayKeySecret: KEYS.keySecret,
  razorpayWebhookSecret: KEYS.webhookSecret,
  razorpayApiUrl: razorpay.url,
  razorpayCheckoutUrl: razorpay.checkoutUrl,
  ...overrides,
});
const onRazorpay = <T>(work: () => Promise<T>, overrides: Record<string, string> = {}) =>
  withPayments(shop, 'razorpay', settings(overrides), work);

async function newOrder(): Promise<Order> {
  const response = await http.post(
    '/orders',
    { products: { [productId]: 1 }, shippingAddress: validAddress },
    owner.token,
  );
  return Order.parse(response.json());
}

const deliver = (delivery: Pick<WebhookDelivery, 'body' | 'headers'>) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/payments/razorpay/webhook',
    headers: { host: 'localhost:8044', ...delivery.headers },
    payload: delivery.body,
  });

/** An order paid through the fake Razorpay, as its webhook records it: the order and Razorpay's payment. */
async function paidOnRazorpay() {
  const order = await newOrder();
  const started = await http.post(
    '/payments',
    { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
    owner.token,
  );
  const razorpayOrderId = PaymentResponse.parse(started.json()).action?.formParams?.data?.razorpayOrderId;
  if (!razorpayOrderId) throw new Error('no Razorpay order');
  const payment = razorpay.pay(razorpayOrderId);
  expect((await deliver(razorpay.paymentCaptured(payment))).statusCode).toBe(200);
  return { order, payment };
}

/** An order paid by a UPI transfer the merchant confirmed by its UTR (a provider that cannot refund). */
async function paidByUpi(utr: string) {
  const order = await newOrder();
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { reference: utr });
  return order;
}

const cancel = (order: Order) =>
  shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, { by: { actor: 'staff:test' } });

const refundsOf = (order: Order) =>
  shop.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).orderBy('created_at').execute();

const paiseOf = (order: Order) => Math.round(order.total * 100);

const dashboard = async () => AdminDashboard.parse((await admin.get('/admin/dashboard')).json());

/** The shop's outbox sent over real SMTP to the test server. */
async function sendMail() {
  const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir: '' });
  try {
    await sender.runOnce();
  } finally {
    sender.close();
  }
}

const refundMails = () => peer.received.filter((mail) => /Refund of/.test(mail.subject));

describe('a paid order cancelled, refunded through Razorpay', () => {
  it('owes the refund in the move, asks Razorpay after the commit, and settles it by the webhook once', async () => {
    await onRazorpay(async () => {
      const { order, payment } = await paidOnRazorpay();
      const before = (await dashboard()).needsRefund;
      await cancel(order);

      // The move wrote the refund due and asked no gateway.
      expect(razorpay.refundsOf(payment.id)).toHaveLength(0);
      const [due] = await refundsOf(order);
      expect(due).toMatchObject({
        amount: paiseOf(order),
        method: 'gateway',
        source: 'cancel',
        status: 'due',
        reason: 'Order cancelled after payment',
      });
      expect((await dashboard()).needsRefund).toBe(before + 1);

      // The background work asks Razorpay, by the refund's own key.
      expect(await shop.services.payments.requestDueRefunds()).toBe(1);
      const made = razorpay.refundsOf(payment.id);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ amount: paiseOf(order), status: 'pending' });
      expect(razorpay.refundKeys.at(-1)).toBe(`refund-${due?.id}`);
      const [requested] = await refundsOf(order);
      expect(requested).toMatchObject({ status: 'requested', gateway_reference: made[0]?.id, attempts: 1 });
      expect((await dashboard()).needsRefund).toBe(before);
      // Asked again, nothing more is asked.
      expect(await shop.services.payments.requestDueRefunds()).toBe(0);
      expect(razorpay.refundsOf(payment.id)).toHaveLength(1);

      await sendMail();
      const started = refundMails();
      expect(started.map((mail) => mail.envelopeTo)).toEqual([[owner.email]]);
      expect(started[0]?.subject).toContain(`Refund of ₹${order.total.toLocaleString('en-IN')}`);
      expect(started[0]?.subject).toContain(`started for order ${order.id}`);
      expect(started[0]?.text).toContain('It goes back to the card, UPI app or bank account you paid with.');

      const processed = razorpay.refundProcessed(made[0] ?? never());
      expect((await deliver(processed)).json()).toEqual({ received: true, status: 'refund-processed' });
      expect((await deliver(processed)).statusCode).toBe(200);
      const [refunded] = await refundsOf(order);
      expect(refunded).toMatchObject({ status: 'refunded', recorded_by: 'gateway:razorpay' });
      expect(refunded?.refunded_at).toBeTruthy();

      await sendMail();
      const made2 = refundMails().filter((mail) => mail.subject.includes('made for order'));
      expect(made2).toHaveLength(1);
      expect(made2[0]?.text).toContain(`Refund reference: ${made[0]?.id}`);

      const timeline = await shop.services.payments.refundTimeline(shop.storeId, order.id);
      expect(timeline.map((entry) => entry.kind)).toEqual(['refund-due', 'refund-requested', 'refunded']);
      expect(timeline[0]?.label).toMatch(/^Refund of ₹[\d,.]+ due$/);

      const detail = AdminOrder.parse((await admin.get(`/admin/orders/${order.id}`)).json());
      expect(detail.refunds).toMatchObject([
        { status: 'refunded', method: 'gateway', gatewayReference: made[0]?.id, amount: order.total },
      ]);
    });
  });

  it('is asked for as soon as the cancel commits, where the server asks promptly', async () => {
    const stop = shop.services.payments.askGatewaysPromptly((error) => {
      throw error;
    });
    try {
      await onRazorpay(async () => {
        const { order, payment } = await paidOnRazorpay();
        await cancel(order);
        await vi.waitFor(() => expect(razorpay.refundsOf(payment.id)).toHaveLength(1), { timeout: 5000 });
        await vi.waitFor(async () => expect((await refundsOf(order))[0]?.status).toBe('requested'));
      });
    } finally {
      stop();
    }
  });

  it('is asked again with the same key when Razorpay is down, and made once when an answer was lost', async () => {
    await onRazorpay(async () => {
      const { order, payment } = await paidOnRazorpay();
      await cancel(order);
      const [due] = await refundsOf(order);

      // Razorpay is down for every try of this round: the refund waits a minute for the next.
      razorpay.failNext = { status: 503, times: 3 };
      const now = Date.now();
      expect(await shop.services.payments.requestDueRefunds(now)).toBe(0);
      const [waiting] = await refundsOf(order);
      expect(waiting).toMatchObject({ status: 'due', attempts: 1 });
      expect(waiting?.last_error).toBeTruthy();
      expect(Date.parse(waiting?.next_attempt_at ?? '')).toBeGreaterThanOrEqual(now + FIRST_REFUND_RETRY_MS - 1000);
      expect(await shop.services.payments.requestDueRefunds(now + 1000)).toBe(0);
      expect(razorpay.refundsOf(payment.id)).toHaveLength(0);

      // Razorpay makes the refund, but its answer is lost (and lost again on its own retries).
      razorpay.loseNextRefundAnswers = 3;
      expect(await shop.services.payments.requestDueRefunds(now + FIRST_REFUND_RETRY_MS + 1000)).toBe(0);
      expect(razorpay.refundsOf(payment.id)).toHaveLength(1);
      expect((await refundsOf(order))[0]).toMatchObject({ status: 'due', attempts: 2 });

      // The next round sends the same key: Razorpay answers with the refund it made, and makes no other.
      expect(await shop.services.payments.requestDueRefunds(now + 10 * FIRST_REFUND_RETRY_MS)).toBe(1);
      const made = razorpay.refundsOf(payment.id);
      expect(made).toHaveLength(1);
      expect(new Set(razorpay.refundKeys.slice(-4))).toEqual(new Set([`refund-${due?.id}`]));
      expect((await refundsOf(order))[0]).toMatchObject({ status: 'requested', gateway_reference: made[0]?.id });
    });
  });

  it('stays due for the merchant when Razorpay refuses, and a failed refund is listed again', async () => {
    let refusedOrder: Order | undefined;
    await onRazorpay(async () => {
      const { order } = await paidOnRazorpay();
      refusedOrder = order;
      await cancel(order);
    });
    // The keys were changed since: Razorpay answers 401, and asking again would change nothing.
    await onRazorpay(
      async () => {
        await shop.services.payments.requestDueRefunds();
      },
      { razorpayKeySecret: 'rotated-secret-2' },
    );
    const [left] = await refundsOf(refusedOrder ?? never());
    expect(left).toMatchObject({ status: 'due', method: 'gateway', next_attempt_at: null });
    // While a server process is asking the gateway for it, it is not recorded by hand.
    await shop.db
      .updateTable('refunds')
      .set({ claimed_until: new Date(Date.now() + 60_000).toISOString() })
      .where('order_id', '=', refusedOrder?.id ?? '')
      .execute();
    const asking = await admin.post(`/admin/orders/${refusedOrder?.id}/refunded`, { reference: '800000000301' });
    expect(asking.statusCode).toBe(409);
    await shop.db
      .updateTable('refunds')
      .set({ claimed_until: null })
      .where('order_id', '=', refusedOrder?.id ?? '')
      .execute();
    const bad = await admin.get('/admin/refunds?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/status/);
    const listed = AdminRefundListResponse.parse((await admin.get('/admin/refunds?status=due')).json());
    expect(listed.data.find((refund) => refund.orderId === refusedOrder?.id)).toMatchObject({
      waitingForGateway: false,
      lastError: expect.stringMatching(/Authentication failed/),
    });

    await onRazorpay(async () => {
      const { order, payment } = await paidOnRazorpay();
      await cancel(order);
      await shop.services.payments.requestDueRefunds();
      const [made] = razorpay.refundsOf(payment.id);
      expect((await deliver(razorpay.refundFailed(made ?? never()))).statusCode).toBe(200);
      expect((await refundsOf(order))[0]).toMatchObject({ status: 'failed' });
      const due = await shop.services.payments.listNeedingRefund(shop.storeId);
      expect(due.map((refund) => refund.order_id)).toContain(order.id);
    });
  });
});

describe('a refund the merchant makes by hand', () => {
  it('is listed until the merchant records it with its reference; the shopper is emailed and the change logged', async () => {
    const order = await paidByUpi('700000000101');
    await cancel(order);
    const [due] = await refundsOf(order);
    expect(due).toMatchObject({ method: 'by-hand', status: 'due', next_attempt_at: null });
    const before = (await dashboard()).needsRefund;
    expect(before).toBeGreaterThanOrEqual(1);

    const list = AdminRefundListResponse.parse((await admin.get('/admin/refunds')).json());
    expect(list.data.find((refund) => refund.orderId === order.id)).toMatchObject({
      status: 'due',
      amount: order.total,
      method: 'by-hand',
      payment: { provider: 'upi', reference: '700000000101' },
    });

    const missing = await admin.post(`/admin/orders/${order.id}/refunded`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/reference/);
    const unknown = await admin.post('/admin/orders/NOPE-1/refunded', { reference: '800000000101' });
    expect(unknown.statusCode).toBe(404);
    const tooMuch = await admin.post(`/admin/orders/${order.id}/refunded`, {
      reference: '800000000101',
      amount: order.total + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe('amount');
    const unpaid = await newOrder();
    const nothing = await admin.post(`/admin/orders/${unpaid.id}/refunded`, { reference: '800000000101' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe('Nothing is due to be refunded for this order.');

    const recorded = await admin.post(`/admin/orders/${order.id}/refunded`, { reference: '800000000101' });
    expect(recorded.statusCode).toBe(200);
    expect(AdminRefundListResponse.parse(recorded.json()).data).toMatchObject([
      { status: 'refunded', merchantReference: '800000000101' },
    ]);
    expect((await dashboard()).needsRefund).toBe(before - 1);
    const again = await admin.post(`/admin/orders/${order.id}/refunded`, { reference: '800000000101' });
    expect(again.statusCode).toBe(409);

    await sendMail();
    const mails = refundMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`made for order ${order.id}`);
    expect(mails[0]?.text).toContain('Refund reference: 800000000101');

    const owner = await addStaff(shop, { role: 'owner' });
    const ownerBrowser = adminClient(shop.app);
    await ownerBrowser.signIn(owner.email, owner.password);
    const activity = AdminActivityResponse.parse((await ownerBrowser.get('/admin/activity')).json());
    expect(activity.data.find((entry) => entry.action === 'order.refunded')).toMatchObject({
      subject: `order:${order.id}`,
      after: { status: 'refunded', reference: '800000000101' },
    });
  });

  it('takes a refund other modules owe in their own transaction (a returned parcel, to a UPI id)', async () => {
    const order = await paidByUpi('700000000102');
    await shop.db.transaction().execute((trx) =>
      shop.services.payments.refundDue(trx, {
        storeId: shop.storeId,
        orderId: order.id,
        amount: 50_000,
        reason: 'Returned: wrong size',
        source: 'return',
        returnId: 'RET-1',
        method: 'upi',
        destination: 'asha@okaxis',
      }),
    );
    const [due] = await refundsOf(order);
    expect(due).toMatchObject({ amount: 50_000, method: 'upi', destination: 'asha@okaxis', return_id: 'RET-1' });
    const listed = await shop.services.payments.listNeedingRefund(shop.storeId);
    expect(listed.find((refund) => refund.order_id === order.id)).toMatchObject({ source: 'return', status: 'due' });
    await shop.services.payments.recordRefunded(shop.storeId, order.id, { reference: '800000000102', by: 'merchant' });
    await sendMail();
    expect(refundMails()[0]?.text).toContain(`We have refunded ₹500 for order ${order.id}, to asha@okaxis.`);
  });
});

describe('the refunds migration', () => {
  it('turns payments flagged for refund, and gateway refunds already started, into refunds', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const at = new Date().toISOString();
    const payment = (id: string, orderId: string, detail: Record<string, string>, needsRefund: number) => ({
      id,
      order_id: orderId,
      store_id: shop.storeId,
      provider: 'razorpay',
      reference: `pay_${id}`,
      amount: 129_900,
      status: 'success' as const,
      needs_refund: needsRefund,
      detail_json: JSON.stringify(detail),
      created_at: at,
      updated_at: null,
    });
    await shop.db
      .insertInto('payments')
      .values([
        payment('migr-flagged-1', order.id, { refundReason: 'The order was already paid.' }, 1),
        payment(
          'migr-started-1',
          other.id,
          { refundReference: 'rfnd_Old001', refundAmount: '129900', refundStatus: 'started' },
          0,
        ),
      ])
      .execute();
    // The table made again from the payments as they were before it existed.
    await shop.db.schema.dropTable('refunds').execute();
    await up(shop.db as unknown as Kysely<unknown>);

    expect(await refundsOf(order)).toMatchObject([
      {
        payment_id: 'migr-flagged-1',
        amount: 129_900,
        status: 'due',
        method: 'by-hand',
        reason: 'The order was already paid.',
      },
    ]);
    expect(await refundsOf(other)).toMatchObject([
      { payment_id: 'migr-started-1', status: 'requested', method: 'gateway', gateway_reference: 'rfnd_Old001' },
    ]);
    // Razorpay's word on the old refund settles the row.
    await shop.services.payments.refundSettled(shop.storeId, 'razorpay', {
      paymentReference: 'pay_migr-started-1',
      reference: 'rfnd_Old001',
      status: 'processed',
      amount: 129_900,
    });
    expect((await refundsOf(other))[0]).toMatchObject({ status: 'refunded' });
  });
});

function never(): never {
  throw new Error('missing');
}
