import { ORDER_EXPIRED_REASON, Order, OrderStatus, type Product } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toStoreInfo } from '../src/modules/stores/service.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let products: Product[];
/** Unpaid orders from one address in an hour: high, as one address is often many shoppers. */
const ADDRESS_BACKSTOP = 12;

beforeAll(async () => {
  shop = await startShop({
    orders: {
      maxOpenOrders: 3,
      maxOpenOrdersPerAddress: ADDRESS_BACKSTOP,
      pendingOrderMinutes: 30,
      manualPendingHours: 24,
    },
  });
  http = client(shop.app);
  products = await orderableProducts(shop.app, 30);
});
afterAll(() => shop.close());

const product = (index: number) => {
  const found = products[index];
  if (!found) throw new Error('not enough products in stock');
  return found;
};
const stockOf = async (id: string) => ((await http.get(`/products/${id}`)).json() as Product).stock;
const placeFrom = (token: string, address: string, productIds: string[], quantity = 1) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    remoteAddress: address,
    headers: { host: 'localhost', authorization: `Bearer ${token}` },
    payload: {
      lines: productIds.map((productId) => ({ productId, quantity })),
      shippingAddress: validAddress,
    },
  });
/** Through the stores' service, as `store info set` and the back office save it (every process hears). */
async function setLineCap(maxLineQuantity: number) {
  const store = await shop.services.stores.byId(shop.storeId);
  if (!store) throw new Error('no store');
  await shop.services.stores.updateInfo(shop.storeId, { ...toStoreInfo(store), maxLineQuantity });
}
const setStock = (id: string, stock: number) =>
  shop.db.updateTable('products').set({ stock }).where('id', '=', id).execute();
/** Makes an order look placed `minutes` ago. */
const age = (id: string, minutes: number) =>
  shop.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where('id', '=', id)
    .execute();

describe('no hoarding', () => {
  it('holds one account to three unpaid orders, whatever address it orders from', async () => {
    const hoarder = await signUp(shop.app);
    for (const [i, address] of ['10.0.0.1', '10.0.0.2', '10.0.0.3'].entries()) {
      expect((await placeFrom(hoarder.token, address, [product(i).id])).statusCode).toBe(201);
    }
    const fourth = await placeFrom(hoarder.token, '10.0.0.4', [product(3).id]);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toContain('3 orders waiting for payment');
  });

  it('lets a fourth and a tenth shopper on one shared address order; only a high backstop holds the address', async () => {
    // An office's Wi-Fi or a mobile carrier's CGNAT: many shoppers, one address.
    for (let i = 0; i < ADDRESS_BACKSTOP; i += 1) {
      const account = await signUp(shop.app);
      const placed = await placeFrom(account.token, '10.9.9.9', [product(i).id]);
      expect({ shopper: i + 1, status: placed.statusCode }).toEqual({ shopper: i + 1, status: 201 });
    }
    const another = await signUp(shop.app);
    const refused = await placeFrom(another.token, '10.9.9.9', [product(12).id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Too many unpaid orders were placed from your network in the last hour. Please pay for an order or try again later.',
    );
    // The same shopper from another address is not held back by strangers.
    expect((await placeFrom(another.token, '10.9.9.10', [product(12).id])).statusCode).toBe(201);
  });

  it('refuses more of one product than the store allows in one order, naming the cap', async () => {
    const shopper = await signUp(shop.app);
    const target = product(13);
    await setStock(target.id, 500);
    const tooMany = await placeFrom(shopper.token, '10.3.0.1', [target.id], 11);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('You can order at most 10 of one product.');
    expect(await stockOf(target.id)).toBe(500);
    expect((await placeFrom(shopper.token, '10.3.0.1', [target.id], 10)).statusCode).toBe(201);
    expect(await stockOf(target.id)).toBe(490);
  });

  it("follows the store's own cap, set in its settings", async () => {
    const shopper = await signUp(shop.app);
    const target = product(14);
    await setStock(target.id, 500);
    await setLineCap(2);
    try {
      const tooMany = await placeFrom(shopper.token, '10.3.0.2', [target.id], 3);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error).toBe('You can order at most 2 of one product.');
    } finally {
      await setLineCap(10);
    }
  });

  it('lets one order take at most half of what is in stock, and the last unit', async () => {
    const shopper = await signUp(shop.app);
    const target = product(15);
    await setStock(target.id, 7);
    const half = await placeFrom(shopper.token, '10.3.0.3', [target.id], 5);
    expect(half.statusCode).toBe(400);
    expect(half.json().error).toBe(
      `Only 4 of ${target.title} can be ordered at once while stock is low. Please lower the quantity.`,
    );
    expect(await stockOf(target.id)).toBe(7);
    expect((await placeFrom(shopper.token, '10.3.0.3', [target.id], 4)).statusCode).toBe(201);
    await setStock(target.id, 1);
    const other = await signUp(shop.app);
    expect((await placeFrom(other.token, '10.3.0.4', [target.id], 1)).statusCode).toBe(201);
    expect(await stockOf(target.id)).toBe(0);
  });

  it('cancels an online order left unpaid for 30 minutes, returns its stock and says why', async () => {
    const shopper = await signUp(shop.app);
    const target = product(5);
    const before = await stockOf(target.id);
    const placed = Order.parse((await placeFrom(shopper.token, '10.1.1.1', [target.id])).json());
    expect(await stockOf(target.id)).toBe(before - 1);

    await age(placed.id, 29);
    expect(await shop.services.orders.expireUnpaid()).not.toContain(placed.id);
    await age(placed.id, 31);
    expect(await shop.services.orders.expireUnpaid()).toContain(placed.id);

    const read = Order.parse((await http.get(`/orders/${placed.id}`, shopper.token)).json());
    expect(read).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: ORDER_EXPIRED_REASON });
    expect(await stockOf(target.id)).toBe(before);
    const events = await shop.services.orders.events(shop.storeId, placed.id);
    expect(events.map((event) => [event.to_status, event.actor])).toEqual([
      [OrderStatus.Pending, 'shopper'],
      [OrderStatus.Cancelled, 'system'],
    ]);
    // Running again (another process's sweep) finds nothing more to do.
    expect(await shop.services.orders.expireUnpaid()).not.toContain(placed.id);
  });

  it('gives an order awaiting a UPI transfer a day before it expires', async () => {
    const shopper = await signUp(shop.app);
    const placed = Order.parse((await placeFrom(shopper.token, '10.1.1.2', [product(6).id])).json());
    await shop.db.updateTable('orders').set({ payment_provider: 'upi' }).where('id', '=', placed.id).execute();
    await age(placed.id, 120);
    expect(await shop.services.orders.expireUnpaid()).not.toContain(placed.id);
    await age(placed.id, 24 * 60 + 1);
    expect(await shop.services.orders.expireUnpaid()).toContain(placed.id);
  });
});

describe('no deadlocks', () => {
  it('serves twenty crossed carts at once without a single 500', async () => {
    const [a, b] = [product(7), product(8)];
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => signUp(shop.app)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeFrom(shoppers[i % 4]?.token ?? '', `10.2.0.${i}`, i % 2 === 0 ? [a.id, b.id] : [b.id, a.id]),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    // Each shopper may hold three unpaid orders: 4 × 3 go through, the rest are told why.
    expect(codes.filter((code) => code === 201)).toHaveLength(12);
    expect(codes.filter((code) => code !== 201).every((code) => code === 409)).toBe(true);
  });
});

describe('behind a proxy, one shared address', () => {
  it('lets ten shoppers behind one X-Forwarded-For address each order, while each account keeps its cap', async () => {
    const proxied = await startShop({
      trustProxy: true,
      orders: { maxOpenOrders: 3, maxOpenOrdersPerAddress: 30, pendingOrderMinutes: 30, manualPendingHours: 24 },
    });
    try {
      const [target] = await orderableProducts(proxied.app, 1);
      if (!target) throw new Error('no product in stock');
      await proxied.db.updateTable('products').set({ stock: 500 }).where('id', '=', target.id).execute();
      const place = (token: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { host: 'localhost', authorization: `Bearer ${token}`, 'x-forwarded-for': '100.64.0.7' },
          payload: { lines: [{ productId: target.id, quantity: 1 }], shippingAddress: validAddress },
        });
      const shoppers = [];
      for (let i = 0; i < 10; i += 1) shoppers.push(await signUp(proxied.app));
      for (const [index, shopper] of shoppers.entries()) {
        expect({ shopper: index + 1, status: (await place(shopper.token)).statusCode }).toEqual({
          shopper: index + 1,
          status: 201,
        });
      }
      const first = shoppers[0]?.token ?? '';
      for (let i = 0; i < 2; i += 1) expect((await place(first)).statusCode).toBe(201);
      const fourth = await place(first);
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().error).toContain('You already have 3 orders waiting for payment');
    } finally {
      await proxied.close();
    }
  });
});
