import { Order, OrderStatus, ProductListResponse, REFERENCE_RECORDED } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startShop, type TestShop, validAddress, withPayments } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let owner: Awaited<ReturnType<typeof signUp>>;
let productId: string;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  owner = await signUp(shop.app);
  const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
  const inStock = data.find((p) => p.stock > 50);
  if (!inStock) throw new Error('no product in stock');
  productId = inStock.id;
});
afterAll(() => shop.close());

const newOrder = async () =>
  Order.parse(
    (await http.post('/orders', { products: { [productId]: 1 }, shippingAddress: validAddress }, owner.token)).json(),
  );
const give = (orderId: string, reference: string, token = owner.token) =>
  http.post('/payments/reference', { orderId, reference }, token);
const onUpi = <T>(work: () => Promise<T>) => withPayments(shop, 'upi', { upiVpa: 'netkart@okaxis' }, work);

describe("the shopper's UTR of a UPI transfer", () => {
  it('is kept as the order’s pending payment, and the merchant confirms the order by it', async () => {
    await onUpi(async () => {
      const order = await newOrder();
      const kept = await give(order.id, '4123 5678 9012');
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toEqual({ recorded: true, reference: '412356789012', message: REFERENCE_RECORDED });
      // Given twice: kept once.
      expect((await give(order.id, '412356789012')).statusCode).toBe(200);
      const payments = await shop.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();
      expect(payments).toMatchObject([{ provider: 'upi', reference: '412356789012', status: 'pending' }]);
      expect(Order.parse((await http.get(`/orders/${order.id}`, owner.token)).json()).status).toBe(OrderStatus.Pending);

      const store = await shop.services.stores.defaultStore();
      if (!store) throw new Error('no store');
      await shop.services.payments.confirmByHand(store, order.id, { reference: '412356789012', by: 'staff:test' });
      expect(Order.parse((await http.get(`/orders/${order.id}`, owner.token)).json()).status).toBe(
        OrderStatus.Processing,
      );
      const after = await shop.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();
      expect(after).toMatchObject([{ reference: '412356789012', status: 'success' }]);
    });
  });

  it('refuses a reference that is not 12 digits, another order’s, or one for a paid order or someone else’s', async () => {
    await onUpi(async () => {
      const order = await newOrder();
      const short = await give(order.id, '12345');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        error: "A UTR is the 12 digits of the UPI transfer's reference.",
        field: 'reference',
      });
      expect((await give(order.id, 'ABCDEFGHIJKL')).statusCode).toBe(400);

      await give(order.id, '555566667777');
      const other = await newOrder();
      const taken = await give(other.id, '555566667777');
      expect(taken.statusCode).toBe(409);

      const stranger = await signUp(shop.app);
      expect((await give(order.id, '999988887777', stranger.token)).statusCode).toBe(404);
    });
  });

  it('is not asked for by a store whose gateway confirms payments', async () => {
    const order = await newOrder();
    expect((await give(order.id, '412356789099')).statusCode).toBe(409);
  });
});
