import { ORDER_EXPIRED_REASON, Order, OrderStatus, type Product } from '@store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let products: Product[];

beforeAll(async () => {
  shop = await startShop({ orders: { maxOpenOrders: 3, pendingOrderMinutes: 30, manualPendingHours: 24 } });
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
const placeFrom = (token: string, address: string, productIds: string[]) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    remoteAddress: address,
    headers: { host: 'localhost', authorization: `Bearer ${token}` },
    payload: {
      lines: productIds.map((productId) => ({ productId, quantity: 1 })),
      shippingAddress: validAddress,
    },
  });
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

  it('holds one address to three unpaid orders, whatever account orders from it', async () => {
    for (let i = 0; i < 3; i += 1) {
      const account = await signUp(shop.app);
      expect((await placeFrom(account.token, '10.9.9.9', [product(i).id])).statusCode).toBe(201);
    }
    const another = await signUp(shop.app);
    expect((await placeFrom(another.token, '10.9.9.9', [product(4).id])).statusCode).toBe(409);
    // The same shopper from another address is not held back by strangers.
    expect((await placeFrom(another.token, '10.9.9.10', [product(4).id])).statusCode).toBe(201);
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
