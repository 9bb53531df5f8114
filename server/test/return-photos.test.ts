import { Order, OrderStatus, Return } from '@netkart/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let shopper: Awaited<ReturnType<typeof signUp>>;
let staff: ReturnType<typeof adminClient>;
let productId: string;
let utr = 400000000000;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  shopper = await signUp(shop.app);
  const [product] = await orderableProducts(shop.app, 30);
  if (!product) throw new Error('the demo store has no product in stock');
  productId = product.id;
  const member = await addStaff(shop);
  staff = adminClient(shop.app);
  expect((await staff.signIn(member.email, member.password)).statusCode).toBe(200);
});
afterAll(async () => {
  await shop?.close();
});

const picture = (format: 'jpeg' | 'png' | 'webp', width = 64) =>
  sharp({ create: { width, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();

async function deliveredOrder() {
  const placed = await http.post(
    '/orders',
    { lines: [{ productId, quantity: 2 }], shippingAddress: validAddress },
    shopper.token,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  utr += 1;
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { provider: 'upi', reference: String(utr) });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Shipped, { by: { actor: 'merchant' } });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered, { by: { actor: 'merchant' } });
  return { order, itemId: order.items[0]?.id ?? '' };
}

const ask = (orderId: string, itemId: string, photos: unknown) =>
  http.post(
    `/orders/${orderId}/returns`,
    { items: { [itemId]: 1 }, reason: 'Torn seam', kind: 'return', photos },
    shopper.token,
  );

describe('photos with a return', () => {
  it('up to three JPEG, PNG or WebP photos are kept and shown to staff, each as it was sent', async () => {
    const { order, itemId } = await deliveredOrder();
    const sent = [await picture('jpeg'), await picture('png'), await picture('webp')];
    const asked = await ask(
      order.id,
      itemId,
      sent.map((bytes) => bytes.toString('base64')),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const created = Return.parse(asked.json());
    expect(created.photos).toBe(3);
    expect(Return.parse((await staff.get(`/admin/returns/${created.id}`)).json()).photos).toBe(3);

    for (const [index, type] of ['image/jpeg', 'image/png', 'image/webp'].entries()) {
      const shown = await staff.get(`/admin/returns/${created.id}/photos/${index + 1}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe(type);
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect(shown.rawPayload.equals(sent[index] ?? Buffer.alloc(0))).toBe(true);
    }
    expect((await staff.get(`/admin/returns/${created.id}/photos/4`)).statusCode).toBe(400);
    // Shoppers and strangers do not read them through the back office.
    expect((await client(shop.app).get(`/admin/returns/${created.id}/photos/1`)).statusCode).toBe(401);
  });

  it('none is fine: a return without photos has none to show', async () => {
    const { order, itemId } = await deliveredOrder();
    const asked = await ask(order.id, itemId, undefined);
    expect(asked.statusCode, asked.body).toBe(201);
    const created = Return.parse(asked.json());
    expect(created.photos).toBe(0);
    expect((await staff.get(`/admin/returns/${created.id}/photos/1`)).statusCode).toBe(404);
  });

  it('refuses a bad photo with a 400 naming photos, and keeps no return', async () => {
    const { order, itemId } = await deliveredOrder();
    const jpeg = (await picture('jpeg')).toString('base64');
    const gif = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .gif()
        .toBuffer()
    ).toString('base64');
    const cut = (await picture('png', 400)).subarray(0, 200).toString('base64');
    // Noise does not compress: some 600 KB of PNG.
    const noisy = { width: 460, height: 460, channels: 3 as const, background: '#000' };
    const large = (
      await sharp({ create: { ...noisy, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
        .png()
        .toBuffer()
    ).toString('base64');
    const cases: [unknown, RegExp][] = [
      [[jpeg, jpeg, jpeg, jpeg], /^photos: at most 3 photos/],
      [[gif], /^photos: photo 1 must be a JPEG, PNG or WebP picture/],
      [
        [jpeg, Buffer.from('%PDF-1.4 not a picture').toString('base64')],
        /^photos: photo 2 must be a JPEG, PNG or WebP/,
      ],
      [[cut], /^photos: photo 1 is damaged or cut short/],
      [['not base64 at all!'], /^photos: photo 1 is not base64/],
      [[large], /^photos: (photo 1 is larger than 500 KB|each photo is at most 500 KB)/],
      ['a photo', /photos/],
    ];
    for (const [photos, message] of cases) {
      const refused = await ask(order.id, itemId, photos);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toMatch(message);
    }
    const listed = await http.get(`/orders/${order.id}/returns`, shopper.token);
    expect(listed.json().data).toHaveLength(0);
  });
});
