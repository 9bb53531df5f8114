import { OrderStatus, type Product, ShopperCancelResponse } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

const CANCELS_PER_ACCOUNT = 4;

let shop: TestShop;
let peer: SmtpPeer;
let product: Product;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  shop = await startShop({ rateLimits: { cancellationsPerAccount: CANCELS_PER_ACCOUNT } });
  peer = await startSmtpPeer();
  http = client(shop.app);
  const [found] = await orderableProducts(shop.app, 30);
  if (!found) throw new Error('no product with stock');
  product = found;
});
afterAll(async () => {
  await peer.close();
  await shop.close();
});
beforeEach(() => {
  peer.received.length = 0;
});

const stockNow = async () => ((await http.get(`/products/${product.id}`)).json() as Product).stock;

async function placeOrder(token: string, quantity = 2) {
  const response = await http.post(
    '/orders',
    { lines: [{ productId: product.id, quantity }], shippingAddress: validAddress },
    token,
  );
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; total: number };
}

const cancel = (id: string, token: string, body: unknown = {}) => http.post(`/orders/${id}/cancel`, body, token);
const moveTo = (id: string, to: OrderStatus) =>
  shop.services.orders.move(shop.storeId, id, to, { by: { actor: 'merchant' } });

/** The shop's outbox sent over real SMTP to the test server. */
async function sendMail() {
  const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir: '' });
  try {
    await sender.runOnce();
  } finally {
    sender.close();
  }
}

describe('POST /orders/{id}/cancel', () => {
  it('cancels an unpaid order at once: stock back, timeline, activity log, and an email to the shopper', async () => {
    const shopper = await signUp(shop.app);
    const before = await stockNow();
    const order = await placeOrder(shopper.token);
    expect(await stockNow()).toBe(before - 2);
    await shop.db.deleteFrom('outbox').execute();

    const response = await cancel(order.id, shopper.token, { reason: 'ordered-by-mistake', note: 'Wrong colour' });
    expect(response.statusCode).toBe(200);
    const answer = ShopperCancelResponse.parse(response.json());
    expect(answer.refund).toBe('none');
    expect(answer.message).toBe(`Your order ${order.id} is cancelled. No payment was taken.`);
    expect(answer.order.status).toBe(OrderStatus.Cancelled);
    expect(answer.order.cancelReason).toBe('Cancelled by the shopper: I ordered by mistake — Wrong colour');
    expect(answer.order.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
    expect(await stockNow()).toBe(before);

    const events = await shop.services.orders.events(shop.storeId, order.id);
    expect(events.at(-1)).toMatchObject({
      from_status: OrderStatus.Pending,
      to_status: OrderStatus.Cancelled,
      actor: 'shopper',
    });
    const logged = await shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor: `shopper:${shopper.email}`,
      action: 'order.cancelled',
      store_id: shop.storeId,
    });
    expect(JSON.parse(logged[0]?.before_json ?? '{}')).toEqual({ status: 'Pending' });
    expect(JSON.parse(logged[0]?.after_json ?? '{}')).toEqual({
      status: 'Cancelled',
      reason: 'ordered-by-mistake',
      note: 'Wrong colour',
      refund: 'none',
    });

    await sendMail();
    expect(peer.received.map((mail) => mail.envelopeTo)).toEqual([[shopper.email]]);
    const [mail] = peer.received;
    expect(mail?.subject).toBe(`Your order ${order.id} is cancelled | NetKart`);
    expect(mail?.text).toContain(`Your order ${order.id} is cancelled, as you asked.`);
    expect(mail?.text).toContain('No payment was taken for it.');
  });

  it('cancels a paid order not yet shipped and says its refund was started', async () => {
    const shopper = await signUp(shop.app);
    const before = await stockNow();
    const order = await placeOrder(shopper.token, 1);
    await moveTo(order.id, OrderStatus.Processing);
    await shop.db.deleteFrom('outbox').execute();

    const response = await cancel(order.id, shopper.token);
    expect(response.statusCode).toBe(200);
    const answer = ShopperCancelResponse.parse(response.json());
    expect(answer.refund).toBe('started');
    expect(answer.message).toMatch(
      new RegExp(
        `^Your order ${order.id} is cancelled\\. A refund of ₹[\\d,.]+ to the way you paid has been started\\.$`,
      ),
    );
    expect(answer.order).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: 'Cancelled by the shopper' });
    expect(await stockNow()).toBe(before);

    await sendMail();
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.text).toContain('will be refunded to the original payment method');
  });

  it.each([
    [OrderStatus.Shipped, /has already shipped, so it can no longer be cancelled\. Once it arrives you can return it/],
    [OrderStatus.Delivered, /has been delivered, so it can no longer be cancelled\. You can return it/],
  ])(
    'refuses an order in status %i with a 409 naming what is possible, and changes nothing',
    async (status, message) => {
      const shopper = await signUp(shop.app);
      const order = await placeOrder(shopper.token, 1);
      await moveTo(order.id, OrderStatus.Processing);
      await moveTo(order.id, OrderStatus.Shipped);
      if (status === OrderStatus.Delivered) await moveTo(order.id, OrderStatus.Delivered);
      const stock = await stockNow();

      const response = await cancel(order.id, shopper.token);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatch(message);
      const row = await shop.services.orders.findRow(shop.storeId, order.id);
      expect(row?.status).toBe(status);
      expect(await stockNow()).toBe(stock);
    },
  );

  it('a second cancel is a 409 that returns no stock twice and writes nothing more', async () => {
    const shopper = await signUp(shop.app);
    const before = await stockNow();
    const order = await placeOrder(shopper.token);
    expect((await cancel(order.id, shopper.token)).statusCode).toBe(200);
    await shop.db.deleteFrom('outbox').execute();

    const again = await cancel(order.id, shopper.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Order ${order.id} is already cancelled. You can order its items again from My Orders.`,
    );
    expect(await stockNow()).toBe(before);
    const logged = await shop.db
      .selectFrom('audit_log')
      .select('id')
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(logged).toHaveLength(1);
    expect(await shop.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);
  });

  it("answers another shopper's order, an unknown one and a guest alike: never cancelled", async () => {
    const owner = await signUp(shop.app);
    const stranger = await signUp(shop.app);
    const order = await placeOrder(owner.token, 1);

    const theirs = await cancel(order.id, stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('Order not found or access denied.');
    const unknown = await cancel('NOSUCHORDER', stranger.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
    expect((await cancel(order.id, '')).statusCode).toBe(401);
    expect((await shop.services.orders.findRow(shop.storeId, order.id))?.status).toBe(OrderStatus.Pending);
  });

  it('refuses a reason outside the list and an overlong note with a 400 naming the field', async () => {
    const shopper = await signUp(shop.app);
    const order = await placeOrder(shopper.token, 1);
    const badReason = await cancel(order.id, shopper.token, { reason: 'bored' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error).toMatch(/^reason must be one of: changed-mind, /);
    const longNote = await cancel(order.id, shopper.token, { note: 'x'.repeat(301) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().error).toMatch(/note must be at most 300 characters/);
    const notAnObject = await cancel(order.id, shopper.token, [1, 2]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().error).toBe('Request body must be a JSON object.');
    expect((await shop.services.orders.findRow(shop.storeId, order.id))?.status).toBe(OrderStatus.Pending);
  });

  it('limits cancellations per account', async () => {
    const shopper = await signUp(shop.app);
    const orders = [];
    for (let i = 0; i <= CANCELS_PER_ACCOUNT; i++) orders.push(await placeOrder(shopper.token, 1));
    for (const order of orders.slice(0, CANCELS_PER_ACCOUNT)) {
      expect((await cancel(order.id, shopper.token)).statusCode).toBe(200);
    }
    const last = orders[CANCELS_PER_ACCOUNT];
    if (!last) throw new Error('no order left');
    const refused = await cancel(last.id, shopper.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many cancellations in a short time\. Please try again in/);
    expect((await shop.services.orders.findRow(shop.storeId, last.id))?.status).toBe(OrderStatus.Pending);
  });
});
