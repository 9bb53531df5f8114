import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminOrder, Order, OrderStatus, type Product, RETURNED_TO_ORIGIN_REASON } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { FakeShiprocket, PDF } from './fakes/shiprocket.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

const WEBHOOK_TOKEN = 'whk_7f3c2a9b5d1e4f60a8';
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

beforeAll(async () => {
  fake = await new FakeShiprocket().start();
  labelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-labels-'));
  shop = await startShop({ couriers: { shiprocketApiUrl: fake.url, timeoutMs: 500, labelsDir } });
  const [found] = await orderableProducts(shop.app, 30);
  if (!found) throw new Error('no product with stock');
  product = found;
  const { email, password } = await addStaff(shop, { role: 'orders' });
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
  const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/v1/couriers/shiprocket/webhook`;
});
afterAll(async () => {
  await shop.close();
  await fake.stop();
  fs.rmSync(labelsDir, { recursive: true, force: true });
});

const detail = async (id: string) => AdminOrder.parse((await admin.get(`/admin/orders/${id}`)).json());
const stockOf = async () => ((await client(shop.app).get(`/products/${product.id}`)).json() as Product).stock;

/** A shopper's order of two, paid by UPI and confirmed by staff: Processing, ready to ship. */
async function paidOrder() {
  const shopper = await signUp(shop.app);
  const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
    products: { [product.id]: 2 },
    shippingAddress: validAddress,
  });
  expect(placed.statusCode).toBe(201);
  const order = Order.parse(placed.json());
  const paid = await admin.post(`/admin/orders/${order.id}/paid`, {
    updatedAt: (await detail(order.id)).updatedAt,
    reference: `4${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`,
  });
  expect(paid.statusCode).toBe(200);
  return { shopper, order: await detail(order.id) };
}

const shipWithShiprocket = async (id: string) =>
  admin.post(`/admin/orders/${id}/courier`, { updatedAt: (await detail(id)).updatedAt, provider: 'shiprocket' });

async function setShiprocket() {
  await shop.services.couriers.configure(shop.storeId, 'shiprocket', {
    email: fake.account.email,
    password: fake.account.password,
    pickupLocation: 'Primary',
    webhookToken: WEBHOOK_TOKEN,
  });
}

/** Shiprocket's time, '28 11 2026 14:05:00' (India), some minutes after noon. */
const at = (minute: number) => `28 11 2026 12:${String(minute).padStart(2, '0')}:00`;

describe('with no courier service set up', () => {
  it('refuses to book and leaves shipping by hand as it is', async () => {
    const { order } = await paidOrder();
    const refused = await shipWithShiprocket(order.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'provider' });
    expect(refused.json().error).toContain('No courier service is set up');
    expect(await detail(order.id)).toMatchObject({
      status: OrderStatus.Processing,
      courierService: null,
      courierLabel: false,
    });
    expect(fake.calls).toHaveLength(0);
    const hook = await fake.postWebhook(webhookUrl, fake.trackingEvent('123', DELIVERED, at(1)), WEBHOOK_TOKEN);
    expect(hook.status).toBe(401);
  });
});

describe('booking through Shiprocket', () => {
  beforeAll(setShiprocket);

  it('books a Paid order once: Shipped with the AWB, the courier and its tracking page, and a label for staff', async () => {
    const { order } = await paidOrder();
    const shipped = await shipWithShiprocket(order.id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [booked] = fake.ordersFor(order.id);
    expect(fake.ordersFor(order.id)).toHaveLength(1);
    const awb = booked?.awb ?? '';
    expect(awb).toMatch(/^1904\d{10}$/);
    expect(AdminOrder.parse(shipped.json())).toMatchObject({
      status: OrderStatus.Shipped,
      courier: 'Delhivery Surface',
      trackingNumber: awb,
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
    });
    // What was booked is the order: its buyer, its lines with SKU and price, Prepaid, the default parcel.
    expect(booked?.body).toMatchObject({
      order_id: order.id,
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_pincode: validAddress.postalCode,
      billing_phone: '9845012345',
      billing_country: 'India',
      payment_method: 'Prepaid',
      order_items: [{ name: product.title, sku: product.sku, units: 2, selling_price: order.items[0]?.price }],
      sub_total: order.total,
      weight: 0.5,
      length: 20,
      breadth: 15,
      height: 10,
    });
    expect(booked?.pickupRequested).toBe(true);

    const label = await admin.get(`/admin/orders/${order.id}/label`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.equals(PDF)).toBe(true);
    expect(await detail(order.id)).toMatchObject({
      courierService: { name: 'shiprocket', title: 'Shiprocket' },
      courierLabel: true,
    });
    // Staff only.
    expect((await client(shop.app).get(`/admin/orders/${order.id}/label`)).statusCode).toBe(401);

    // The shopper sees the courier and the tracking page.
    const seen = (await detail(order.id)).events.at(-1);
    expect(seen).toMatchObject({ toStatus: OrderStatus.Shipped });

    // Shipped again: nothing booked twice, the answer is the order as it is.
    const again = await shop.services.couriers.ship(shop.storeId, order.id, { actor: 'test' });
    expect(again.order.status).toBe(OrderStatus.Shipped);
    expect(fake.ordersFor(order.id)).toHaveLength(1);
  });

  it('keeps its token until it expires, and signs in again on a 401', async () => {
    const loginsBefore = fake.count('login');
    const first = await paidOrder();
    expect((await shipWithShiprocket(first.order.id)).statusCode).toBe(200);
    expect(fake.count('login')).toBe(loginsBefore);

    fake.expireTokens();
    const second = await paidOrder();
    const shipped = await shipWithShiprocket(second.order.id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(fake.count('login')).toBe(loginsBefore + 1);
  });

  it('after a creation whose answer never came, a retry finds the order Shiprocket made and books it once', async () => {
    const { order } = await paidOrder();
    fake.failOnce('create', { kind: 'late' });
    const late = await shipWithShiprocket(order.id);
    expect(late.statusCode).toBe(424);
    expect(late.json().error).toContain('did not answer');
    expect((await detail(order.id)).status).toBe(OrderStatus.Processing);
    // Shiprocket did make it: the answer was lost on the way.
    await new Promise((resolve) => setTimeout(resolve, fake.lateMs));
    expect(fake.ordersFor(order.id)).toHaveLength(1);

    const retried = await shipWithShiprocket(order.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.ordersFor(order.id)).toHaveLength(1);
    expect(AdminOrder.parse(retried.json()).trackingNumber).toBe(fake.ordersFor(order.id)[0]?.awb);
  });

  it("says Shiprocket's refusals, leaves the order as it was, and resumes where it stopped", async () => {
    const { order } = await paidOrder();
    fake.failOnce('create', {
      kind: 'status',
      status: 422,
      body: {
        message: 'Oops! Invalid Data.',
        errors: { billing_pincode: ['The billing pincode is not serviceable.'] },
        status_code: 422,
      },
    });
    const refused = await shipWithShiprocket(order.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      'Shiprocket refused to create the order: The billing pincode is not serviceable..',
    );
    expect((await detail(order.id)).status).toBe(OrderStatus.Processing);

    fake.failOnce('awb', { kind: 'awb-refused', reason: 'No courier serviceable for this pincode' });
    const noAwb = await shipWithShiprocket(order.id);
    expect(noAwb.statusCode).toBe(422);
    expect(noAwb.json().error).toContain('No courier serviceable for this pincode');
    expect((await detail(order.id)).status).toBe(OrderStatus.Processing);
    expect(fake.ordersFor(order.id)).toHaveLength(1);

    fake.failOnce('label', { kind: 'status', status: 502, body: { message: 'Bad Gateway' } });
    const noLabel = await shipWithShiprocket(order.id);
    expect(noLabel.statusCode).toBe(424);
    expect((await shop.services.couriers.bookingOf(shop.storeId, order.id))?.state).toBe('pickup');

    const resumed = await shipWithShiprocket(order.id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(fake.ordersFor(order.id)).toHaveLength(1);
    expect((await detail(order.id)).status).toBe(OrderStatus.Shipped);
  });

  it('refuses an order that is not Paid, and a courier service the store does not use', async () => {
    const shopper = await signUp(shop.app);
    const placed = Order.parse(
      (
        await client(shop.app, { token: shopper.token }).post('/orders', {
          products: { [product.id]: 1 },
          shippingAddress: validAddress,
        })
      ).json(),
    );
    const pending = await shipWithShiprocket(placed.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toContain('this order is Pending');
    const other = await admin.post(`/admin/orders/${placed.id}/courier`, {
      updatedAt: (await detail(placed.id)).updatedAt,
      provider: 'delhivery',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ field: 'provider' });
  });
});

describe('tracking webhooks', () => {
  async function shippedOrder() {
    const { order } = await paidOrder();
    expect((await shipWithShiprocket(order.id)).statusCode).toBe(200);
    const awb = fake.ordersFor(order.id)[0]?.awb;
    if (!awb) throw new Error('no AWB');
    return { order, awb };
  }
  const eventsOf = (orderId: string) => shop.services.couriers.events(shop.storeId, orderId);

  it('refuses a webhook without the token, or with another, and records nothing', async () => {
    const { order, awb } = await shippedOrder();
    const event = fake.trackingEvent(awb, DELIVERED, at(5));
    const missing = await fake.postWebhook(webhookUrl, event);
    expect(missing.status).toBe(401);
    const forged = await fake.postWebhook(webhookUrl, event, 'whk_forged_but_long_enough');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: expect.stringContaining('x-api-key') });
    expect(await eventsOf(order.id)).toHaveLength(0);
    expect((await detail(order.id)).status).toBe(OrderStatus.Shipped);
  });

  it('shows steps to staff, delivers on Delivered, and replayed or late events change nothing twice', async () => {
    const { order, awb } = await shippedOrder();
    const post = (status: { label: string; id: number }, minute: number) =>
      fake.postWebhook(webhookUrl, fake.trackingEvent(awb, status, at(minute)), WEBHOOK_TOKEN);

    expect((await post(IN_TRANSIT, 10)).body).toEqual({ received: true, duplicate: false, applied: true });
    expect((await post(OUT_FOR_DELIVERY, 20)).body).toMatchObject({ applied: true });
    let seen = await detail(order.id);
    expect(seen.status).toBe(OrderStatus.Shipped);
    expect(seen.events.map((event) => event.note)).toEqual(
      expect.arrayContaining([
        `IN TRANSIT at Bengaluru_Hub (Karnataka) (AWB ${awb})`,
        `OUT FOR DELIVERY at Bengaluru_Hub (Karnataka) (AWB ${awb})`,
      ]),
    );

    expect((await post(DELIVERED, 30)).body).toEqual({ received: true, duplicate: false, applied: true });
    seen = await detail(order.id);
    expect(seen.status).toBe(OrderStatus.Delivered);
    const timeline = seen.events.length;

    // Shiprocket retries: the same event again changes nothing.
    expect((await post(DELIVERED, 30)).body).toEqual({ received: true, duplicate: true, applied: false });
    // An older event arriving late is kept, and moves nothing back.
    expect((await post(IN_TRANSIT, 15)).body).toEqual({ received: true, duplicate: false, applied: false });
    seen = await detail(order.id);
    expect(seen.status).toBe(OrderStatus.Delivered);
    expect(seen.events).toHaveLength(timeline);
    expect((await eventsOf(order.id)).map((event) => [event.status, event.applied])).toEqual([
      ['IN TRANSIT', 1],
      ['IN TRANSIT', 0],
      ['OUT FOR DELIVERY', 1],
      ['DELIVERED', 1],
    ]);

    // The shopper sees it delivered.
    expect(Order.parse((await admin.get(`/admin/orders/${order.id}`)).json()).status).toBe(OrderStatus.Delivered);
  });

  it("takes the webhook on the address without the courier's name too", async () => {
    const { order, awb } = await shippedOrder();
    const plain = webhookUrl.replace('/couriers/shiprocket/webhook', '/couriers/webhook');
    const answer = await fake.postWebhook(plain, fake.trackingEvent(awb, DELIVERED, at(40)), WEBHOOK_TOKEN);
    expect(answer.body).toMatchObject({ applied: true });
    expect((await detail(order.id)).status).toBe(OrderStatus.Delivered);
  });

  it('cancels a parcel returned to origin with "Returned to origin", and its stock comes back once', async () => {
    const { order, awb } = await shippedOrder();
    const before = await stockOf();
    const post = (status: { label: string; id: number }, minute: number) =>
      fake.postWebhook(webhookUrl, fake.trackingEvent(awb, status, at(minute)), WEBHOOK_TOKEN);
    expect((await post(RTO_INITIATED, 10)).body).toMatchObject({ applied: true });
    expect((await detail(order.id)).status).toBe(OrderStatus.Shipped);
    expect((await post(RTO_DELIVERED, 50)).body).toMatchObject({ applied: true });
    const seen = await detail(order.id);
    expect(seen).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: RETURNED_TO_ORIGIN_REASON });
    expect(await stockOf()).toBe(before + 2);
    expect((await post(RTO_DELIVERED, 50)).body).toMatchObject({ duplicate: true });
    expect(await stockOf()).toBe(before + 2);
  });

  it('says which field is missing from a genuine webhook', async () => {
    const bad = await fake.postWebhook(webhookUrl, { current_status: 'DELIVERED' }, WEBHOOK_TOKEN);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'awb' });
  });
});

describe('correcting a tracking number', () => {
  it('keeps the courier and its link, which names the new number', async () => {
    const { order } = await paidOrder();
    expect((await shipWithShiprocket(order.id)).statusCode).toBe(200);
    const corrected = await admin.post(`/admin/orders/${order.id}/tracking`, {
      updatedAt: (await detail(order.id)).updatedAt,
      shipment: { trackingNumber: '190400000099' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(AdminOrder.parse(corrected.json())).toMatchObject({
      courier: 'Delhivery Surface',
      trackingNumber: '190400000099',
      trackingUrl: 'https://shiprocket.co/tracking/190400000099',
    });
  });
});
