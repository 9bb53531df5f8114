import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminOrder, Order, OrderStatus, type OrderTimelineEntry, type Product } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { FakeShiprocket } from './fakes/shiprocket.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

const WEBHOOK_TOKEN = 'whk_timeline_5d1e4f60a8';
const IN_TRANSIT = { label: 'IN TRANSIT', id: 18 };
const OUT_FOR_DELIVERY = { label: 'OUT FOR DELIVERY', id: 17 };
const DELIVERED = { label: 'DELIVERED', id: 7 };
const RTO_INITIATED = { label: 'RTO INITIATED', id: 9 };
const RTO_DELIVERED = { label: 'RTO DELIVERED', id: 10 };

let shop: TestShop;
let fake: FakeShiprocket;
let product: Product;
let admin: ReturnType<typeof adminClient>;
let labelsDir: string;
let webhookUrl: string;
/** Each order's shopper, to cancel as them. */
const shopperTokens = new Map<string, string>();

beforeAll(async () => {
  fake = await new FakeShiprocket().start();
  labelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-labels-'));
  shop = await startShop({ couriers: { shiprocketApiUrl: fake.url, timeoutMs: 500, labelsDir } });
  const [found] = await orderableProducts(shop.app, 30);
  if (!found) throw new Error('no product with stock');
  product = found;
  const { email, password } = await addStaff(shop);
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
  const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/v1/couriers/webhook`;
  await shop.services.couriers.configure(shop.storeId, 'shiprocket', {
    email: fake.account.email,
    password: fake.account.password,
    pickupLocation: 'Primary',
    webhookToken: WEBHOOK_TOKEN,
  });
});
afterAll(async () => {
  await shop.close();
  await fake.stop();
  fs.rmSync(labelsDir, { recursive: true, force: true });
});

const detail = async (id: string) => AdminOrder.parse((await admin.get(`/admin/orders/${id}`)).json());

/** A shopper's order, paid by UPI and confirmed by staff: Processing. */
async function paidOrder() {
  const shopper = await signUp(shop.app);
  const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
    products: { [product.id]: 1 },
    shippingAddress: validAddress,
  });
  expect(placed.statusCode).toBe(201);
  const order = Order.parse(placed.json());
  const paid = await admin.post(`/admin/orders/${order.id}/paid`, {
    updatedAt: (await detail(order.id)).updatedAt,
    reference: `4${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  shopperTokens.set(order.id, shopper.token);
  return { shopper, order: await detail(order.id) };
}

const shipWithShiprocket = async (id: string) =>
  admin.post(`/admin/orders/${id}/courier`, { updatedAt: (await detail(id)).updatedAt, provider: 'shiprocket' });

/** An hour from now, to the minute: the courier's events come after the order is placed and shipped. */
const BASE = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000;
const instant = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
/** Shiprocket's time for that instant: 'DD MM YYYY HH:mm:ss', India time. */
const at = (minute: number) => {
  const [date = '', time = ''] = new Date(BASE + minute * 60_000 + 330 * 60_000).toISOString().split('T');
  const [year, month, day] = date.split('-');
  return `${day} ${month} ${year} ${time.slice(0, 8)}`;
};

const kinds = (timeline: OrderTimelineEntry[] | undefined) => (timeline ?? []).map((entry) => entry.kind);
const oldestFirst = (timeline: OrderTimelineEntry[] | undefined) => {
  const times = (timeline ?? []).map((entry) => Date.parse(entry.at));
  return times.every((time, index) => index === 0 || (times[index - 1] ?? 0) <= time);
};

describe("an order's timeline", () => {
  it('tells the shopper, the tracking page and staff every step, each once, oldest first', async () => {
    const { shopper, order } = await paidOrder();
    expect((await shipWithShiprocket(order.id)).statusCode).toBe(200);
    const awb = fake.ordersFor(order.id)[0]?.awb ?? '';
    const hook = (status: { label: string; id: number }, minute: number) =>
      fake.postWebhook(webhookUrl, fake.trackingEvent(awb, status, at(minute)), WEBHOOK_TOKEN);
    expect((await hook(IN_TRANSIT, 10)).status).toBe(200);
    expect((await hook(OUT_FOR_DELIVERY, 20)).status).toBe(200);
    expect((await hook(OUT_FOR_DELIVERY, 20)).body).toMatchObject({ duplicate: true });
    expect((await hook(DELIVERED, 30)).status).toBe(200);
    // A late "in transit" after delivery is recorded once, in its place.
    expect((await hook(IN_TRANSIT, 15)).status).toBe(200);

    const own = await client(shop.app, { token: shopper.token }).get(`/orders/${order.id}`);
    expect(own.statusCode).toBe(200);
    const timeline = Order.parse(own.json()).timeline;
    expect(kinds(timeline)).toEqual([
      'placed',
      'paid',
      'shipped',
      'in-transit',
      'in-transit',
      'out-for-delivery',
      'delivered',
    ]);
    expect(oldestFirst(timeline)).toBe(true);
    expect(timeline?.find((entry) => entry.kind === 'shipped')).toEqual({
      at: expect.any(String),
      kind: 'shipped',
      label: 'Shipped',
      detail: `Delhivery Surface · AWB ${awb}`,
      link: `https://shiprocket.co/tracking/${awb}`,
    });
    expect(timeline?.find((entry) => entry.kind === 'out-for-delivery')).toMatchObject({
      label: 'Out for delivery',
      detail: `Bengaluru_Hub (Karnataka) · AWB ${awb}`,
      // Shiprocket's India time, read as the instant it is.
      at: instant(20),
    });

    // The guest tracking page (the order's email) and the back office read the same story.
    const guest = await client(shop.app).get(`/orders/${order.id}?contactInfo=${encodeURIComponent(shopper.email)}`);
    expect(guest.statusCode).toBe(200);
    expect(Order.parse(guest.json()).timeline).toEqual(timeline);
    expect((await detail(order.id)).timeline).toEqual(timeline);

    // Lists stay light: no timeline on My Orders' list.
    const list = (await client(shop.app, { token: shopper.token }).get('/orders')).json() as Order[];
    expect(list[0]).not.toHaveProperty('timeline');
  });

  it('tells a parcel returned to origin, and a paid order cancelled with its refund due', async () => {
    const { shopper, order } = await paidOrder();
    expect((await shipWithShiprocket(order.id)).statusCode).toBe(200);
    const awb = fake.ordersFor(order.id)[0]?.awb ?? '';
    for (const [status, minute] of [
      [RTO_INITIATED, 40],
      [RTO_DELIVERED, 50],
    ] as const) {
      expect(
        (await fake.postWebhook(webhookUrl, fake.trackingEvent(awb, status, at(minute)), WEBHOOK_TOKEN)).status,
      ).toBe(200);
    }
    const returned = Order.parse((await client(shop.app, { token: shopper.token }).get(`/orders/${order.id}`)).json());
    // The courier's steps at the courier's times; the refund of the returned paid order is due.
    expect(kinds(returned.timeline).filter((kind) => kind !== 'refund-due')).toEqual([
      'placed',
      'paid',
      'shipped',
      'rto-started',
      'rto',
    ]);
    expect(kinds(returned.timeline)).toContain('refund-due');
    expect(returned.timeline?.find((entry) => entry.kind === 'rto')).toEqual({
      at: instant(50),
      kind: 'rto',
      label: 'Returned to the seller (RTO)',
    });

    const cancelled = await paidOrder();
    const cancel = await admin.post(`/admin/orders/${cancelled.order.id}/cancel`, {
      updatedAt: cancelled.order.updatedAt,
      reason: 'Out of stock',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const timeline = (await detail(cancelled.order.id)).timeline ?? [];
    expect(kinds(timeline)).toEqual(['placed', 'paid', 'cancelled', 'refund-due']);
    expect(timeline[2]).toMatchObject({ label: 'Cancelled', detail: 'Out of stock' });
    expect(timeline[3]?.label).toMatch(/^Refund of ₹[\d,]+(\.\d\d)? due$/);
    expect(timeline[3]?.detail).toBe('Order cancelled after payment');
  });

  it('keeps the courier and link when staff correct a tracking number shipped by hand, and says so', async () => {
    const { shopper, order } = await paidOrder();
    const shipped = await admin.post(`/admin/orders/${order.id}/ship`, {
      updatedAt: order.updatedAt,
      shipment: {
        courier: 'Blue Dart',
        trackingNumber: '81234567890',
        trackingUrl: 'https://www.bluedart.com/tracking?awb=81234567890',
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const corrected = await admin.post(`/admin/orders/${order.id}/tracking`, {
      updatedAt: (await detail(order.id)).updatedAt,
      shipment: { trackingNumber: '81234567891' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const read = Order.parse((await client(shop.app, { token: shopper.token }).get(`/orders/${order.id}`)).json());
    expect(read).toMatchObject({
      courier: 'Blue Dart',
      trackingNumber: '81234567891',
      trackingUrl: 'https://www.bluedart.com/tracking?awb=81234567891',
    });
    expect(read.timeline?.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'shipped', detail: 'Blue Dart · AWB 81234567891' }),
      expect.objectContaining({
        kind: 'tracking-changed',
        detail: 'Blue Dart · AWB 81234567891',
        link: 'https://www.bluedart.com/tracking?awb=81234567891',
      }),
    ]);
  });
});

/** A Paid order Shiprocket holds but could not give an AWB: booked halfway, still Processing. */
async function bookedHalfway() {
  const { order } = await paidOrder();
  fake.failOnce('awb', { kind: 'awb-refused', reason: 'No courier serviceable' });
  const refused = await shipWithShiprocket(order.id);
  expect(refused.statusCode).toBe(422);
  const [held] = fake.ordersFor(order.id);
  if (!held) throw new Error('Shiprocket holds no order');
  return { order: await detail(order.id), held };
}

describe('cancelling an order Shiprocket holds', () => {
  it('cancels it at Shiprocket after the cancellation, once, and tells it', async () => {
    const { order, held } = await bookedHalfway();
    expect(order.status).toBe(OrderStatus.Processing);
    const cancel = await admin.post(`/admin/orders/${order.id}/cancel`, { updatedAt: order.updatedAt });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(held.cancelled).toBe(true);
    const after = await detail(order.id);
    expect(after.status).toBe(OrderStatus.Cancelled);
    expect(after.courierCancellation).toMatchObject({
      state: 'done',
      attempts: 1,
      result: 'Order cancelled successfully.',
    });
    expect(kinds(after.timeline).at(-1)).toBe('courier-cancelled');
    expect(after.timeline?.at(-1)?.label).toBe('Booking cancelled with Shiprocket');
    // The housekeeping finds nothing more to do: Shiprocket is asked once.
    const before = fake.count('cancel');
    expect(await shop.services.couriers.cancelDue(Date.now() + 86_400_000)).toBe(0);
    expect(fake.count('cancel')).toBe(before);
  });

  it('keeps the cancellation when Shiprocket fails, and tries again later until it answers', async () => {
    const { order, held } = await bookedHalfway();
    fake.failOnce('cancel', { kind: 'status', status: 502, body: { message: 'Bad Gateway' } });
    const cancel = await admin.post(`/admin/orders/${order.id}/cancel`, { updatedAt: order.updatedAt });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const waiting = await detail(order.id);
    expect(waiting.status).toBe(OrderStatus.Cancelled);
    expect(waiting.courierCancellation).toMatchObject({ state: 'due', attempts: 1 });
    expect(waiting.courierCancellation?.result).toContain('HTTP 502');
    expect(held.cancelled).toBe(false);
    // Not before its time…
    expect(await shop.services.couriers.cancelDue(Date.now())).toBe(0);
    // …then the housekeeping's next round after the wait.
    expect(await shop.services.couriers.cancelDue(Date.now() + 61_000)).toBe(1);
    expect(held.cancelled).toBe(true);
    expect((await detail(order.id)).courierCancellation).toMatchObject({ state: 'done', attempts: 2 });
  });

  it("records Shiprocket's refusal and does not ask again", async () => {
    const { order } = await bookedHalfway();
    fake.failOnce('cancel', {
      kind: 'status',
      status: 400,
      body: { message: 'Order cannot be cancelled: already picked up.', status_code: 400 },
    });
    const cancel = await admin.post(`/admin/orders/${order.id}/cancel`, { updatedAt: order.updatedAt });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refused = await detail(order.id);
    expect(refused.status).toBe(OrderStatus.Cancelled);
    expect(refused.courierCancellation).toMatchObject({ state: 'failed', attempts: 1 });
    expect(refused.courierCancellation?.result).toContain('already picked up');
    expect(kinds(refused.timeline)).not.toContain('courier-cancelled');
    const asked = fake.count('cancel');
    expect(await shop.services.couriers.cancelDue(Date.now() + 86_400_000)).toBe(0);
    expect(fake.count('cancel')).toBe(asked);
  });

  it("the shopper's own cancel does the same", async () => {
    const { order, held } = await bookedHalfway();
    const token = shopperTokens.get(order.id) ?? '';
    const cancel = await client(shop.app, { token }).post(`/orders/${order.id}/cancel`, { reason: 'changed-mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(held.cancelled).toBe(true);
    expect((await detail(order.id)).courierCancellation).toMatchObject({ state: 'done' });
  });

  it('a cancelled order Shiprocket never held asks Shiprocket nothing', async () => {
    const { order } = await paidOrder();
    const asked = fake.count('cancel');
    const cancel = await admin.post(`/admin/orders/${order.id}/cancel`, { updatedAt: order.updatedAt });
    expect(cancel.statusCode).toBe(200);
    expect(fake.count('cancel')).toBe(asked);
    expect((await detail(order.id)).courierCancellation).toBeNull();
  });
});
