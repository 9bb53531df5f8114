import { Order, OrderStatus, type Product } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let products: Product[];
let shopper: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  // Products without a size to choose: the spec's { id: quantity } orders them as they are.
  products = await orderableProducts(shop.app);
  shopper = await signUp(shop.app);
});
afterAll(() => shop.close());

const product = (index: number) => {
  const found = products[index];
  if (!found) throw new Error('not enough products');
  return found;
};
const priceOf = (p: Product) => p.discountedPrice ?? p.regularPrice;
const placeOrder = (body: unknown, token = shopper.token) => http.post('/orders', body, token);

describe('POST /orders', () => {
  it('prices the order from the catalogue, takes the stock and snapshots each line', async () => {
    const [a, b] = [product(0), product(1)];
    const response = await placeOrder({
      products: { [a.id]: 2, [b.id]: 1 },
      shippingAddress: { ...validAddress, city: '  Bengaluru  ' },
      // A client's own prices and totals are ignored.
      total: 1,
      prices: { [a.id]: 1 },
    });
    expect(response.statusCode).toBe(201);
    const order = Order.parse(response.json());
    expect(order.status).toBe(OrderStatus.Pending);
    expect(order.items).toEqual([
      expect.objectContaining({ productId: a.id, productTitle: a.title, quantity: 2, price: priceOf(a) }),
      expect.objectContaining({ productId: b.id, productTitle: b.title, quantity: 1, price: priceOf(b) }),
    ]);
    expect(order.total).toBeCloseTo(priceOf(a) * 2 + priceOf(b), 2);
    expect(order.shippingAddress.city).toBe('Bengaluru');
    expect(order).toMatchObject({ shippingMethod: 'Standard Shipping', trackingNumber: null });

    const after = (await http.get(`/products/${a.id}`)).json() as Product;
    expect(after.stock).toBe(a.stock - 2);
  });

  it('refuses more than the stock and writes nothing', async () => {
    const a = product(2);
    const b = product(3);
    const ordersBefore = await countRows(shop.db, 'orders');
    const response = await placeOrder({ products: { [b.id]: 1, [a.id]: a.stock + 1 }, shippingAddress: validAddress });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(a.title);
    expect(await countRows(shop.db, 'orders')).toBe(ordersBefore);
    expect(((await http.get(`/products/${b.id}`)).json() as Product).stock).toBe(b.stock);
  });

  it('lets only one of two buyers take the last units', async () => {
    const target = product(4);
    const other = await signUp(shop.app);
    // The last unit: one order may take it whole (its share of the stock is at least one).
    const quantity = 1;
    await shop.db.updateTable('products').set({ stock: quantity }).where('id', '=', target.id).execute();
    const body = { products: { [target.id]: quantity }, shippingAddress: validAddress };
    const results = await Promise.all([placeOrder(body), placeOrder(body, other.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().error).toBe(`${target.title} is out of stock.`);
    expect(((await http.get(`/products/${target.id}`)).json() as Product).stock).toBe(0);
  });

  it.each([
    [{}, 'Shipping address is required.'],
    [{ shippingAddress: validAddress }, 'Your order has no products.'],
    [{ lines: [], shippingAddress: validAddress }, 'Your order has no products.'],
    [
      { lines: [{ productId: 'x', quantity: 1 }], products: { x: 1 }, shippingAddress: validAddress },
      'Send either products or lines, not both.',
    ],
    [{ lines: [{ productId: 'x', quantity: 0 }], shippingAddress: validAddress }, 'Each quantity must be at least 1.'],
    [{ lines: 'x', shippingAddress: validAddress }, 'lines must be a list of { productId, quantity, size, color }.'],
    [{ products: {}, shippingAddress: validAddress }, 'Your order has no products.'],
    [{ products: { x: 0 }, shippingAddress: validAddress }, 'Each quantity must be at least 1.'],
    [{ products: { x: 1.5 }, shippingAddress: validAddress }, 'Each quantity must be a whole number.'],
    [{ products: { x: '2' }, shippingAddress: validAddress }, 'Each quantity must be a number.'],
    [{ products: { x: 1e9 }, shippingAddress: validAddress }, 'Each quantity must be at most 99.'],
    [{ products: { x: 1 }, shippingAddress: { ...validAddress, city: '   ' } }, 'City is required.'],
    [{ products: { x: 1 }, shippingAddress: { ...validAddress, postalCode: '5600' } }, 'PIN code must be 6 digits.'],
    ...['12345', '+911234567890', '+91 55555 12345', '98450123456', '9845O12345'].map(
      (phone) =>
        [
          { products: { x: 1 }, shippingAddress: { ...validAddress, phone } },
          'Please enter an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9 (e.g. +91 98450 12345).',
        ] as [object, string],
    ),
    [{ products: { x: 1 } }, 'Shipping address is required.'],
    [
      { products: { x: 1 }, shippingAddress: { ...validAddress, state: 'Atlantis' } },
      'State must be a state or union territory of India.',
    ],
    [
      { products: { x: 1 }, shippingAddress: validAddress, buyerGstin: '29AAGCB7383J1Z5' },
      'GSTIN 29AAGCB7383J1Z5 is mistyped: its check character does not match.',
    ],
    [
      { products: { x: 1 }, shippingAddress: validAddress, buyerCompany: 'x'.repeat(151) },
      'Company name must be at most 150 characters.',
    ],
    [
      { products: { x: 1 }, shippingAddress: validAddress },
      'Some products in your cart are no longer available. Please review your cart.',
    ],
  ])('rejects %j with a clear message and no order', async (body, message) => {
    const before = await countRows(shop.db, 'orders');
    const response = await placeOrder(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
    expect(await countRows(shop.db, 'orders')).toBe(before);
  });

  it('keeps a business buyer’s GSTIN and company for the invoice, and the state as the list writes it', async () => {
    const response = await placeOrder({
      products: { [product(0).id]: 1 },
      shippingAddress: { ...validAddress, city: 'Chennai', state: ' tamil  nadu ', postalCode: '600001' },
      buyerGstin: ' 29aagcb7383j1z4 ',
      buyerCompany: '  Chai Tech LLP ',
    });
    expect(response.statusCode).toBe(201);
    const order = Order.parse(response.json());
    expect(order.shippingAddress.state).toBe('Tamil Nadu');
    const row = await shop.db
      .selectFrom('orders')
      .select(['buyer_gstin', 'buyer_company'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ buyer_gstin: '29AAGCB7383J1Z4', buyer_company: 'Chai Tech LLP' });
  });

  it.each(['+91 98450 12345', '098450 12345', '91-98450-12345', '9845012345'])(
    'keeps the mobile %s as +91 and its ten digits',
    async (phone) => {
      const response = await placeOrder({
        products: { [product(1).id]: 1 },
        shippingAddress: { ...validAddress, phone },
      });
      expect(response.statusCode).toBe(201);
      expect(Order.parse(response.json()).shippingAddress.phone).toBe('+919845012345');
    },
  );

  it('needs a signed-in shopper', async () => {
    const response = await http.post('/orders', { products: { [product(0).id]: 1 }, shippingAddress: validAddress });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /orders', () => {
  it("lists only the caller's orders, newest first", async () => {
    const someone = await signUp(shop.app);
    const first = Order.parse(
      (await placeOrder({ products: { [product(5).id]: 1 }, shippingAddress: validAddress }, someone.token)).json(),
    );
    const second = Order.parse(
      (await placeOrder({ products: { [product(6).id]: 1 }, shippingAddress: validAddress }, someone.token)).json(),
    );
    const response = await http.get('/orders', someone.token);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Order[]).map((o) => o.id)).toEqual([second.id, first.id]);
    expect((await http.get('/orders')).statusCode).toBe(401);
  });
});

describe('GET /orders/{id}', () => {
  let order: Order;
  beforeAll(async () => {
    order = Order.parse((await placeOrder({ products: { [product(7).id]: 1 }, shippingAddress: validAddress })).json());
  });

  it('shows the order to its owner', async () => {
    const response = await http.get(`/orders/${order.id}`, shopper.token);
    expect(response.statusCode).toBe(200);
    // The order as placed, and (one order's read only) its timeline so far.
    const { timeline, ...shown } = response.json();
    expect(shown).toEqual(order);
    expect(timeline).toEqual([{ at: expect.any(String), kind: 'placed', label: 'Order placed' }]);
  });

  it.each([
    ['the email in any case', () => shopper.email.toUpperCase()],
    ['the phone with spaces', () => '98450 12345'],
    ['the phone with +91', () => '+919845012345'],
    ['the phone with a leading 0', () => '09845012345'],
  ])('shows the order to a guest who gives %s', async (_label, contact) => {
    const response = await http.get(`/orders/${order.id.toLowerCase()}?contactInfo=${encodeURIComponent(contact())}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(order.id);
  });

  it('answers the same 404 for a wrong contact, another user and an unknown id', async () => {
    const stranger = await signUp(shop.app);
    const answers = await Promise.all([
      http.get(`/orders/${order.id}?contactInfo=someone@else.in`),
      http.get(`/orders/${order.id}?contactInfo=9999999999`),
      http.get(`/orders/${order.id}?contactInfo=12345`),
      http.get(`/orders/${order.id}`),
      http.get(`/orders/${order.id}`, stranger.token),
      http.get(`/orders/NOSUCHORDER?contactInfo=${encodeURIComponent(shopper.email)}`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Order not found or access denied.' });
    }
  });
});
