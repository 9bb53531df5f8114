import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Order, OrderStatus, Return } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { FakeShiprocket, PICKUP_ADDRESS } from './fakes/shiprocket.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let fake: FakeShiprocket;
let labelsDir: string;
let http: ReturnType<typeof client>;
let shopper: Awaited<ReturnType<typeof signUp>>;
let staff: ReturnType<typeof adminClient>;
let productId: string;
let utr = 300000000000;

beforeAll(async () => {
  fake = await new FakeShiprocket().start();
  labelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-labels-'));
  shop = await startShop({ couriers: { shiprocketApiUrl: fake.url, timeoutMs: 500, labelsDir } });
  http = client(shop.app);
  shopper = await signUp(shop.app);
  const [product] = await orderableProducts(shop.app, 40);
  if (!product) throw new Error('the demo store has no product in stock');
  productId = product.id;
  const member = await addStaff(shop);
  staff = adminClient(shop.app);
  expect((await staff.signIn(member.email, member.password)).statusCode).toBe(200);
});
afterAll(async () => {
  await shop?.close();
  await fake?.stop();
  fs.rmSync(labelsDir, { recursive: true, force: true });
});

async function setShiprocket(pickupLocation = 'Primary') {
  await shop.services.couriers.configure(shop.storeId, 'shiprocket', {
    email: fake.account.email,
    password: fake.account.password,
    pickupLocation,
    webhookToken: 'whk_7f3c2a9b5d1e4f60a8',
  });
}

/** A paid order of three, shipped and delivered; two of them asked back, and (unless told) approved. */
async function approvedReturn({ approve = true } = {}) {
  const placed = await http.post(
    '/orders',
    { lines: [{ productId, quantity: 3 }], shippingAddress: validAddress },
    shopper.token,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  utr += 1;
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { provider: 'upi', reference: String(utr) });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Shipped, { by: { actor: 'merchant' } });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered, { by: { actor: 'merchant' } });
  const itemId = order.items[0]?.id ?? '';
  const asked = await http.post(
    `/orders/${order.id}/returns`,
    { items: { [itemId]: 2 }, reason: 'Too small', kind: 'return' },
    shopper.token,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  const created = Return.parse(asked.json());
  if (approve) expect((await staff.post(`/admin/returns/${created.id}/approve`)).statusCode).toBe(200);
  return { order, created };
}

const bookByCourier = (id: string) => staff.post(`/admin/returns/${id}/pickup`, { via: 'courier' });
const returnOf = async (id: string) => Return.parse((await staff.get(`/admin/returns/${id}`)).json());

describe('a reverse pickup through Shiprocket', () => {
  beforeEach(() => setShiprocket());

  it('books a return order from the shopper to the store, with its AWB: once, however often it is asked', async () => {
    const { order, created } = await approvedReturn();
    const booked = await bookByCourier(created.id);
    expect(booked.statusCode, booked.body).toBe(200);
    const [held, ...more] = fake.ordersFor(`RET-${created.id}`);
    expect(more).toHaveLength(0);
    expect(held?.isReturn).toBe(true);
    expect(held?.awb).toMatch(/^1904\d{10}$/);
    expect(Return.parse(booked.json())).toMatchObject({
      status: 'pickup-booked',
      pickup: 'courier',
      courier: 'Delhivery Surface',
      awb: held?.awb,
    });
    // Picked up at the shopper's address; delivered to the store's pickup location as Shiprocket lists it.
    expect(held?.body).toMatchObject({
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Rao',
      pickup_address: validAddress.address,
      pickup_city: validAddress.city,
      pickup_state: validAddress.state,
      pickup_pincode: validAddress.postalCode,
      pickup_phone: '9845012345',
      shipping_address: PICKUP_ADDRESS.address,
      shipping_city: PICKUP_ADDRESS.city,
      shipping_pincode: PICKUP_ADDRESS.pin_code,
      shipping_phone: PICKUP_ADDRESS.phone,
      payment_method: 'Prepaid',
    });
    const items = held?.body.order_items as { units: number; selling_price: number }[];
    expect(items).toHaveLength(1);
    expect(items[0]?.units).toBe(2);
    expect(held?.body.sub_total).toBeCloseTo((items[0]?.selling_price ?? 0) * 2, 2);
    // Not the forward order: the order itself is untouched at the courier.
    expect(fake.ordersFor(order.id)).toHaveLength(0);

    const again = await bookByCourier(created.id);
    expect(again.statusCode).toBe(409);
    expect(fake.ordersFor(`RET-${created.id}`)).toHaveLength(1);
    // The pickup's AWB then reaches the staff and the shopper on the return.
    const mine = await http.get(`/orders/${order.id}/returns`, shopper.token);
    expect(mine.json().data[0]).toMatchObject({ pickup: 'courier', awb: held?.awb });
  });

  it('a lost answer: a 424, the return still approved; the retry finds the return order made and books no second', async () => {
    const { created } = await approvedReturn();
    fake.failOnce('return-create', { kind: 'late' });
    const lost = await bookByCourier(created.id);
    expect(lost.statusCode).toBe(424);
    expect(lost.json().error).toMatch(/did not answer/);
    expect((await returnOf(created.id)).status).toBe('approved');
    await new Promise((resolve) => setTimeout(resolve, fake.lateMs));
    expect(fake.ordersFor(`RET-${created.id}`)).toHaveLength(1);

    const retried = await bookByCourier(created.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.ordersFor(`RET-${created.id}`)).toHaveLength(1);
    expect(Return.parse(retried.json()).awb).toBe(fake.ordersFor(`RET-${created.id}`)[0]?.awb);
  });

  it('no AWB to be had: a 422 with Shiprocket’s reason; the retry assigns it on the same return order', async () => {
    const { created } = await approvedReturn();
    const creations = fake.count('return-create');
    fake.failOnce('awb', { kind: 'awb-refused', reason: 'No courier serviceable for this pincode' });
    const refused = await bookByCourier(created.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain('No courier serviceable for this pincode');
    expect((await returnOf(created.id)).status).toBe('approved');

    const retried = await bookByCourier(created.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.count('return-create')).toBe(creations + 1);
    expect(fake.ordersFor(`RET-${created.id}`)).toHaveLength(1);
  });

  it('a pickup location Shiprocket does not list: a 422 naming it, nothing booked', async () => {
    const { created } = await approvedReturn();
    await setShiprocket('Backyard');
    const refused = await bookByCourier(created.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain("no pickup address named 'Backyard'");
    expect(fake.ordersFor(`RET-${created.id}`)).toHaveLength(0);
    expect((await returnOf(created.id)).status).toBe('approved');
  });

  it('a return not yet approved is not booked: a 409, and the courier is not asked', async () => {
    const { created } = await approvedReturn({ approve: false });
    const calls = fake.calls.length;
    const early = await bookByCourier(created.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/return asked: it cannot become pickup booked/);
    expect(fake.calls).toHaveLength(calls);
  });
});

describe('with no courier service set up', () => {
  it('a courier pickup is a 409 telling staff to book it by hand', async () => {
    await shop.services.couriers.clear(shop.storeId);
    const { created } = await approvedReturn();
    const refused = await bookByCourier(created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/book it by hand/);
    expect((await returnOf(created.id)).status).toBe('approved');
  });
});
