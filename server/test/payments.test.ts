import {
  INDIAN_MOBILE_MESSAGE,
  Order,
  OrderStatus,
  PaymentFieldsResponse,
  PaymentResponse,
  ProductListResponse,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let owner: Awaited<ReturnType<typeof signUp>>;
let order: Order;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  owner = await signUp(shop.app);
  const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
  const inStock = data.find((p) => p.stock > 2);
  if (!inStock) throw new Error('no product in stock');
  order = Order.parse(
    (await http.post('/orders', { products: { [inStock.id]: 1 }, shippingAddress: validAddress }, owner.token)).json(),
  );
});
afterAll(() => shop.close());

describe('GET /payments/fields', () => {
  it('lists the fields of the store provider', async () => {
    const response = await http.get('/payments/fields');
    expect(response.statusCode).toBe(200);
    const { provider, fields } = PaymentFieldsResponse.parse(response.json());
    expect(provider).toBe('sandbox');
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['fullName', 'email', 'phone']));
    expect(JSON.stringify(response.json())).not.toMatch(/secret/i);
    // The ways to pay, listed before the gateway.
    expect(PaymentFieldsResponse.parse(response.json()).methods).toEqual([
      {
        id: 'sandbox',
        title: 'Test payment',
        description: 'The sandbox gateway: approve or decline, no real money moves.',
      },
    ]);
  });
});

describe('POST /payments', () => {
  it("starts a sandbox payment for the owner's pending order", async () => {
    const response = await http.post(
      '/payments',
      { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    const payment = PaymentResponse.parse(response.json());
    expect(payment.success).toBe(true);
    expect(payment.action?.type).toBe('redirect_post');
    expect(payment.action?.formParams?.data).toMatchObject({ orderId: order.id, amount: order.total.toFixed(2) });
    expect(payment.action?.formParams?.data.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(['+911234567890', '+91 55555 12345', '98450'])(
    'refuses the payer phone %s with a clear message: a mobile is +91 and 10 digits from 6-9',
    async (phone) => {
      const response = await http.post(
        '/payments',
        { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone } },
        owner.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: INDIAN_MOBILE_MESSAGE, field: 'fields.phone' });
    },
  );

  it('answers 404 to anyone but the owner, and 401 to a guest', async () => {
    const stranger = await signUp(shop.app);
    const other = await http.post('/payments', { orderId: order.id, fields: {} }, stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Order not found or access denied.' });
    expect((await http.post('/payments', { orderId: order.id, fields: {} })).statusCode).toBe(401);
  });

  it('refuses an order that is no longer pending', async () => {
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled);
    const response = await http.post('/payments', { orderId: order.id, fields: {} }, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This order is not awaiting payment.' });
  });

  it.each([
    [{}, 'Id is required.'],
    [{ orderId: 5 }, 'Id must be text.'],
    [{ orderId: 'X', fields: [] }, 'fields must map field names to values.'],
    [{ orderId: 'X', fields: { a: 'x'.repeat(5000) } }, 'A payment field is too long.'],
  ])('rejects %j', async (body, message) => {
    const response = await http.post('/payments', body, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
  });
});
