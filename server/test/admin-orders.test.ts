import {
  AdminActivityResponse,
  AdminDashboard,
  AdminOrder,
  AdminOrderListResponse,
  Order,
  OrderStatus,
  type Product,
  SHIPMENT_MESSAGES,
  STALE_ORDER,
} from '@netkart/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let product: Product;
let admin: ReturnType<typeof adminClient>;
let staffEmail: string;

beforeAll(async () => {
  shop = await startShop();
  const [found] = await orderableProducts(shop.app, 20);
  if (!found) throw new Error('no product with stock');
  product = found;
  const { email, password } = await addStaff(shop, { role: 'orders' });
  staffEmail = email;
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
});
afterAll(() => shop.close());

async function placeOrder(phone = validAddress.phone) {
  const shopper = await signUp(shop.app);
  const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
    products: { [product.id]: 2 },
    shippingAddress: { ...validAddress, phone },
  });
  expect(placed.statusCode).toBe(201);
  return { shopper, order: Order.parse(placed.json()) };
}

const detail = async (id: string) => AdminOrder.parse((await admin.get(`/admin/orders/${id}`)).json());
const stockOf = async () => ((await client(shop.app).get(`/products/${product.id}`)).json() as Product).stock;

describe('the order list', () => {
  it('finds an order just placed, newest first, by its id, email or phone, with counts per status', async () => {
    const { shopper, order } = await placeOrder('+91 90000 11111');
    const list = AdminOrderListResponse.parse((await admin.get('/admin/orders?status=0')).json());
    expect(list.data[0]).toMatchObject({
      id: order.id,
      status: OrderStatus.Pending,
      email: shopper.email,
      itemCount: 2,
    });
    expect(list.counts['0']).toBeGreaterThanOrEqual(1);
    expect(list.total).toBe(list.counts['0']);

    for (const q of [order.id.toLowerCase(), shopper.email.toUpperCase(), '90000-11111']) {
      const found = AdminOrderListResponse.parse((await admin.get(`/admin/orders?q=${encodeURIComponent(q)}`)).json());
      expect(found.data.map((each) => each.id)).toEqual([order.id]);
    }
  });

  it('pages through a date range, and says what is wrong with a bad filter', async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const page = AdminOrderListResponse.parse(
      (await admin.get(`/admin/orders?from=${today}&to=${today}&limit=1`)).json(),
    );
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const none = AdminOrderListResponse.parse((await admin.get('/admin/orders?from=2020-01-01&to=2020-01-31')).json());
    expect(none).toMatchObject({ data: [], total: 0 });

    const bad = await admin.get('/admin/orders?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'from is a day, YYYY-MM-DD.', field: 'from' });
  });
});

describe('order actions', () => {
  it('marks an order paid by UTR, ships it, and the shopper sees the courier and tracking', async () => {
    const { shopper, order } = await placeOrder();
    let seen = await detail(order.id);
    expect(seen.allowedMoves).toEqual([OrderStatus.Processing, OrderStatus.Cancelled]);
    expect(seen.paymentReference).toBe('utr');

    const badUtr = await admin.post(`/admin/orders/${order.id}/paid`, {
      updatedAt: seen.updatedAt,
      reference: 'ABC123',
    });
    expect(badUtr.statusCode).toBe(400);
    expect(badUtr.json().field).toBe('reference');

    const paid = await admin.post(`/admin/orders/${order.id}/paid`, {
      updatedAt: seen.updatedAt,
      reference: '412345678901',
    });
    expect(paid.statusCode).toBe(200);
    seen = AdminOrder.parse(paid.json());
    expect(seen.status).toBe(OrderStatus.Processing);
    expect(seen.payments).toEqual([
      expect.objectContaining({ provider: 'upi', reference: '412345678901', amount: order.total, status: 'success' }),
    ]);
    expect(seen.events.at(-1)).toMatchObject({
      fromStatus: OrderStatus.Pending,
      toStatus: OrderStatus.Processing,
      actor: `staff:${staffEmail}`,
    });

    const noTracking = await admin.post(`/admin/orders/${order.id}/ship`, {
      updatedAt: seen.updatedAt,
      shipment: { courier: 'Delhivery' },
    });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json()).toEqual({ error: SHIPMENT_MESSAGES.missing, field: 'shipment.trackingNumber' });

    const shipped = await admin.post(`/admin/orders/${order.id}/ship`, {
      updatedAt: seen.updatedAt,
      shipment: { courier: 'Delhivery', trackingNumber: 'DL 1234 5678' },
    });
    expect(shipped.statusCode).toBe(200);
    const mine = Order.parse((await client(shop.app, { token: shopper.token }).get(`/orders/${order.id}`)).json());
    expect(mine).toMatchObject({ status: OrderStatus.Shipped, courier: 'Delhivery', trackingNumber: 'DL 1234 5678' });

    const { rows } = await shop.services.audit.list(shop.storeId, { offset: 0, limit: 20 });
    expect(rows).toContainEqual(
      expect.objectContaining({
        actor: `staff:${staffEmail}`,
        action: 'order.shipped',
        subject: `order:${order.id}`,
        before_json: JSON.stringify({ status: 'Processing' }),
      }),
    );
  });

  it('refuses a stale page and an illegal move with the reason, and changes nothing', async () => {
    const { order } = await placeOrder();
    const seen = await detail(order.id);
    const stale = await admin.post(`/admin/orders/${order.id}/cancel`, { updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: STALE_ORDER });

    const illegal = await admin.post(`/admin/orders/${order.id}/deliver`, { updatedAt: seen.updatedAt });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json()).toEqual({ error: 'An order that is Pending cannot become Delivered.' });
    expect((await detail(order.id)).status).toBe(OrderStatus.Pending);
  });

  it('cancels with a reason and the stock returns', async () => {
    const before = await stockOf();
    const { order } = await placeOrder();
    expect(await stockOf()).toBe(before - 2);
    const seen = await detail(order.id);
    const cancelled = await admin.post(`/admin/orders/${order.id}/cancel`, {
      updatedAt: seen.updatedAt,
      reason: 'Shopper asked by phone',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(AdminOrder.parse(cancelled.json())).toMatchObject({
      status: OrderStatus.Cancelled,
      cancelReason: 'Shopper asked by phone',
      allowedMoves: [],
    });
    expect(await stockOf()).toBe(before);
  });

  it('changes nothing for a caller without the CSRF token', async () => {
    const { order } = await placeOrder();
    const seen = await detail(order.id);
    const forged = await admin.send(
      'POST',
      `/admin/orders/${order.id}/cancel`,
      { updatedAt: seen.updatedAt },
      {
        'x-csrf-token': 'guessed',
      },
    );
    expect(forged.statusCode).toBe(403);
    expect((await detail(order.id)).status).toBe(OrderStatus.Pending);
  });
});

describe('the home page and the accountant', () => {
  it("counts today's paid orders and revenue, and the work waiting", async () => {
    const before = AdminDashboard.parse((await admin.get('/admin/dashboard')).json());
    const { order } = await placeOrder();
    const pending = AdminDashboard.parse((await admin.get('/admin/dashboard')).json());
    expect(pending.awaitingPayment).toBe(before.awaitingPayment + 1);
    expect(pending.today).toEqual(before.today);

    const seen = await detail(order.id);
    await admin.post(`/admin/orders/${order.id}/paid`, { updatedAt: seen.updatedAt, reference: '512345678901' });
    const paid = AdminDashboard.parse((await admin.get('/admin/dashboard')).json());
    expect(paid.today.orders).toBe(before.today.orders + 1);
    expect(paid.today.revenue).toBeCloseTo(before.today.revenue + order.total, 2);
    expect(paid.month.orders).toBeGreaterThanOrEqual(paid.today.orders);
    expect(paid.awaitingShipping).toBe(before.awaitingShipping + 1);
    expect(paid.days).toHaveLength(30);
    expect(paid.days.at(-1)).toEqual({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ...paid.today });
  });

  it('exports the orders of a date range as a CSV an accountant can open', async () => {
    const { order } = await placeOrder();
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const answer = await admin.get(`/admin/orders/export.csv?from=${today}&to=${today}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines[0]).toBe(
      '\uFEFFOrder,Placed (IST),Status,Customer,Email,Phone,City,State,PIN code,Items,Total (INR),Paid by,Payment reference,Test payment,Buyer GSTIN,Invoice,Invoice date,Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Credit note,Credit note date',
    );
    expect(lines.find((line) => line.startsWith(order.id))).toContain(`,Pending,Asha Rao,`);
    expect(lines.find((line) => line.startsWith(order.id))).toContain(`,2,${order.total.toFixed(2)},,,`);
    expect((await admin.get('/admin/orders/export.csv?from=2026-01-01')).statusCode).toBe(400);
    // Who took the shoppers' names and addresses, and of which days, is in the activity log.
    const log = await shop.db
      .selectFrom('audit_log')
      .select(['actor', 'subject'])
      .where('action', '=', 'orders.export')
      .execute();
    expect(log).toContainEqual({ actor: expect.stringMatching(/^staff:/), subject: `orders:${today}..${today}` });
  });

  it('writes what shoppers typed into the CSV as text, never as a spreadsheet formula (OWASP CSV injection)', async () => {
    const shopper = await signUp(shop.app);
    const hyperlink = '=HYPERLINK("http://attacker.example","Click")';
    const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
      products: { [product.id]: 1 },
      shippingAddress: {
        ...validAddress,
        fullName: '=1+1',
        city: hyperlink,
        state: 'Karnataka',
        phone: '+91 98450 12345',
      },
    });
    expect(placed.statusCode).toBe(201);
    const order = Order.parse(placed.json());
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const answer = await admin.get(`/admin/orders/export.csv?from=${today}&to=${today}`);
    const rows = parseCsv(answer.body.replace(/^\uFEFF/, '')) as string[][];
    const header = rows[0] ?? [];
    const row = rows.find((cells) => cells[0] === order.id) ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Customer')).toBe("'=1+1");
    expect(cell('City')).toBe(`'${hyperlink}`);
    expect(cell('Phone')).toBe("'+919845012345");
    expect(cell('State')).toBe('Karnataka');
    // The shop's own numbers stay numbers.
    expect(cell('Total (INR)')).toBe(order.total.toFixed(2));
    expect(cell('Items')).toBe('1');
    for (const cells of rows.slice(1)) for (const text of cells) expect(text).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('shows the activity log to owners only', async () => {
    expect((await admin.get('/admin/activity')).statusCode).toBe(403);
    const owner = await addStaff(shop, { role: 'owner' });
    const ownerBrowser = adminClient(shop.app);
    await ownerBrowser.signIn(owner.email, owner.password);
    const log = AdminActivityResponse.parse((await ownerBrowser.get('/admin/activity')).json());
    expect(log.data).toContainEqual(
      expect.objectContaining({ actor: `staff:${staffEmail}`, action: 'order.mark-paid' }),
    );
  });
});
