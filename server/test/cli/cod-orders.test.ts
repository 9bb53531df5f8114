import { DEMO_COD_RULES, type Order, OrderStatus, type Product, type ProductListResponse } from '@netkart/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);
let http: ReturnType<typeof client>;
let shopper: { email: string; token: string };
let product: Product;

beforeAll(async () => {
  http = client(cli.shop.app);
  shopper = await signUp(cli.shop.app);
  const products = ((await http.get('/products?category=USB Hubs&limit=100')).json() as ProductListResponse).data;
  product = products.find((each) => each.stock > 10) as Product;
  await cli.shop.services.cod.setRules(cli.shop.storeId, DEMO_COD_RULES);
});

async function place(paymentMethod: 'cod' | 'online'): Promise<Order> {
  const response = await http.post(
    '/orders',
    { products: { [product.id]: 1 }, shippingAddress: validAddress, paymentMethod },
    shopper.token,
  );
  expect(response.statusCode).toBe(201);
  return response.json() as Order;
}

/** A COD order confirmed with the code from the outbox, then shipped with the store command. */
async function shippedCodOrder(): Promise<Order> {
  const order = await place('cod');
  const rows = await cli.shop.services.outbox.list(cli.shop.storeId, { limit: 500 });
  const code = rows
    .find((row) => row.kind === 'sms.cod-code' && row.text.includes(order.id))
    ?.text.match(/^(\d{6}) is your code/)?.[1];
  expect(code).toBeDefined();
  const confirmed = await http.post(`/orders/${order.id}/confirm-cod`, { code }, shopper.token);
  expect(confirmed.statusCode).toBe(200);
  const shipped = await store('orders', 'ship', order.id, '--courier', 'Delhivery', '--tracking', 'DL123456789');
  expect(shipped.code, shipped.stderr).toBe(0);
  return order;
}

const rowOf = (id: string) =>
  cli.shop.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (id: string) =>
  cli.shop.db.selectFrom('audit_log').selectAll().where('subject', '=', `order:${id}`).execute();
const stockOf = async () => ((await http.get(`/products/${product.id}`)).json() as Product).stock;

describe('store orders cod-cash', () => {
  it("records the order's total and the remittance reference: Delivered, audited as the store command", async () => {
    const order = await shippedCodOrder();
    const done = await store(
      'orders',
      'cod-cash',
      order.id,
      '--amount',
      String(order.total),
      '--reference',
      'DLV-REM-2027-0042',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`for order ${order.id} (remittance DLV-REM-2027-0042). It is Delivered.`);
    expect((await rowOf(order.id)).status).toBe(OrderStatus.Delivered);
    const cod = await cli.shop.db
      .selectFrom('cod_orders')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(cod.cash_collected)).toBe(Math.round(order.total * 100));
    expect(cod.remittance_reference).toBe('DLV-REM-2027-0042');
    const entry = (await auditOf(order.id)).find((each) => each.action === 'order.cod-cash');
    expect(entry?.actor).toBe('store command');

    const twice = await store('orders', 'cod-cash', order.id, '--amount', String(order.total), '--reference', 'X-123');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('The cash for this order is already recorded.');
  });

  it('refuses an amount other than the total, a bad reference, a non-COD order and a wrong status, changing nothing', async () => {
    const order = await shippedCodOrder();
    const wrong = await store(
      'orders',
      'cod-cash',
      order.id,
      '--amount',
      String(order.total - 1),
      '--reference',
      'R-1234',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("amount must be the order's total");
    const typo = await store('orders', 'cod-cash', order.id, '--amount', 'twelve', '--reference', 'R-1234');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("--amount is the rupees the courier collected, e.g. 1499, not 'twelve'.");
    const badRef = await store('orders', 'cod-cash', order.id, '--amount', String(order.total), '--reference', '!');
    expect(badRef.code).toBe(1);
    expect(badRef.stderr).toContain('A remittance reference is');
    expect((await rowOf(order.id)).status).toBe(OrderStatus.Shipped);

    const online = await place('online');
    const notCod = await store(
      'orders',
      'cod-cash',
      online.id,
      '--amount',
      String(online.total),
      '--reference',
      'R-1234',
    );
    expect(notCod.code).toBe(1);
    expect(notCod.stderr).toContain(`Order ${online.id}: This order is not paid by cash on delivery.`);

    const unconfirmed = await place('cod');
    const early = await store(
      'orders',
      'cod-cash',
      unconfirmed.id,
      '--amount',
      String(unconfirmed.total),
      '--reference',
      'R-1234',
    );
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('Cash is recorded for a Shipped or Delivered order.');
    expect((await auditOf(order.id)).map((each) => each.action)).not.toContain('order.cod-cash');
  });
});

describe('store orders rto', () => {
  it('a Shipped COD parcel back undelivered: Cancelled as returned to origin, stock back, audited', async () => {
    const before = await stockOf();
    const order = await shippedCodOrder();
    expect(await stockOf()).toBe(before - 1);
    const done = await store('orders', 'rto', order.id);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe(`Order ${order.id} is now Cancelled (Returned to origin); its items are back in stock.\n`);
    const row = await rowOf(order.id);
    expect(row.status).toBe(OrderStatus.Cancelled);
    expect(row.cancel_reason).toBe('Returned to origin');
    expect(await stockOf()).toBe(before);
    expect((await auditOf(order.id)).find((each) => each.action === 'order.rto')?.actor).toBe('store command');

    const again = await store('orders', 'rto', order.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `Order ${order.id} is Cancelled: only a Shipped order can be marked returned to origin.`,
    );
  });

  it('refuses an order not paid by cash on delivery', async () => {
    const online = await place('online');
    const refused = await store('orders', 'rto', online.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This order is not paid by cash on delivery.');
    expect((await rowOf(online.id)).status).toBe(OrderStatus.Pending);
  });
});
