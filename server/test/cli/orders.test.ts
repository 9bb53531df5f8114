import type { Order, Product, ProductListResponse } from '@netkart/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, validAddress } from '../harness.js';
import { storeCommand, useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);
let http: ReturnType<typeof client>;
let shopper: { email: string; token: string };
let products: Product[];

beforeAll(async () => {
  http = client(cli.shop.app);
  shopper = await signUp(cli.shop.app);
  products = ((await http.get('/products?category=USB Hubs&limit=100')).json() as ProductListResponse).data;
});

async function placeOrder(quantity = 1, product = products[0] as Product): Promise<Order> {
  const response = await http.post(
    '/orders',
    { products: { [product.id]: quantity }, shippingAddress: validAddress },
    shopper.token,
  );
  expect(response.statusCode).toBe(201);
  return response.json() as Order;
}

/** The order as the shopper sees it on /track-order. */
async function tracked(order: Order): Promise<Order> {
  const response = await http.get(`/orders/${order.id}?contactInfo=${encodeURIComponent(shopper.email)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Order;
}

const stockOf = async (product: Product) => ((await http.get(`/products/${product.id}`)).json() as Product).stock;

describe('orders list and show', () => {
  it('lists orders newest first as a table, and as JSON', async () => {
    const first = await placeOrder(2);
    const second = await placeOrder(1);
    const table = await store('orders', 'list');
    expect(table.code).toBe(0);
    const header = table.stdout.split('\n')[0];
    expect(header).toMatch(/^ORDER\s+PLACED\s+STATUS\s+CUSTOMER\s+ITEMS\s+TOTAL\s+TRACKING$/);
    expect(table.stdout.indexOf(second.id)).toBeLessThan(table.stdout.indexOf(first.id));
    expect(table.stdout).toMatch(new RegExp(`${first.id}.*Pending\\s+Asha Rao <${shopper.email}>\\s+2\\s+₹`));

    const json = await store('orders', 'list', '--json');
    const listed = JSON.parse(json.stdout) as (Order & { email: string; statusLabel: string })[];
    expect(listed.find((order) => order.id === first.id)).toMatchObject({
      status: 0,
      statusLabel: 'Pending',
      email: shopper.email,
      total: first.total,
      items: [{ productTitle: first.items[0]?.productTitle, quantity: 2 }],
    });
  });

  it('prints what a shopper wrote without the escape sequences a terminal would obey', async () => {
    const order = await placeOrder();
    // Written to the row itself, as a name from an older version or an import could hold anything.
    await cli.shop.db
      .updateTable('orders')
      .set({ full_name: '\u001b[2J\u001b[HFAKE\u202eevil', address: 'Flat 1\u001b]0;owned\u0007\nLine two' })
      .where('id', '=', order.id)
      .execute();
    for (const argv of [
      ['orders', 'list'],
      ['orders', 'show', order.id],
    ]) {
      const printed = await store(...argv);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain('FAKEevil');
      for (const control of ['\u001b', '\u0007', '\u202e']) expect(printed.stdout).not.toContain(control);
    }
    const shown = await store('orders', 'show', order.id);
    expect(shown.stdout).toContain('Ship to: FAKEevil, Flat 1 Line two,');
  });

  it('filters by status and by day, and refuses filters it cannot read', async () => {
    const order = await placeOrder();
    expect((await store('orders', 'list', '--status', 'pending')).stdout).toContain(order.id);
    expect((await store('orders', 'list', '--status', 'shipped')).stdout).not.toContain(order.id);
    expect((await store('orders', 'list', '--since', '2099-01-01')).stdout).toBe('No orders match.\n');
    expect((await store('orders', 'list', '--since', '2020-01-01')).stdout).toContain(order.id);

    expect((await store('orders', 'list', '--status', 'lost')).stderr).toBe(
      "Error: The status is one of pending, processing, shipped, delivered, cancelled, not 'lost'.\n",
    );
    for (const day of ['yesterday', '2026-02-30', '2026-13-01']) {
      const result = await store('orders', 'list', '--since', day);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`--since takes a day as YYYY-MM-DD, like 2026-11-01, not '${day}'.`);
    }
  });

  it('shows one order with its items, address and payments', async () => {
    const order = await placeOrder(3);
    const shown = await store('orders', 'show', order.id.toLowerCase());
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Order ${order.id} · Pending`);
    expect(shown.stdout).toMatch(new RegExp(`${escapeRegExp(order.items[0]?.productTitle ?? '')}\\s+3\\s+₹`));
    expect(shown.stdout).toContain('Ship to: Asha Rao, 12, 4th Cross, Indiranagar, Bengaluru, Karnataka 560038');
    expect(shown.stdout).toContain('No payments yet.');
    expect(await store('orders', 'show', 'NOPE123')).toMatchObject({
      code: 1,
      stderr: 'Error: No order NOPE123 in NetKart.\n',
    });
  });
});

describe('the order lifecycle from the command line', () => {
  it('paid → ship → deliver moves the order, and the shopper sees status and tracking', async () => {
    const order = await placeOrder();

    const paid = await store('orders', 'paid', order.id, '--utr', '412345678901');
    expect(paid).toMatchObject({ code: 0, stderr: '' });
    expect(paid.stdout).toContain(`by UPI (UTR 412345678901). Order ${order.id} is now Processing.`);
    expect((await tracked(order)).status).toBe(1);
    expect((await store('orders', 'show', order.id)).stdout).toMatch(/upi\s+412345678901\s+₹[\d,.]+\s+success/);

    const shipped = await store('orders', 'ship', order.id, '--tracking', 'DTDC-Z1234567');
    expect(shipped.stdout).toBe(`Order ${order.id} is now Shipped, tracking DTDC-Z1234567.\n`);
    expect(await tracked(order)).toMatchObject({ status: 2, trackingNumber: 'DTDC-Z1234567' });
    const mine = (await http.get('/orders', shopper.token)).json() as Order[];
    expect(mine.find((o) => o.id === order.id)?.trackingNumber).toBe('DTDC-Z1234567');

    expect((await store('orders', 'deliver', order.id)).stdout).toBe(`Order ${order.id} is now Delivered.\n`);
    expect((await tracked(order)).status).toBe(3);
  });

  it('records a UTR once: repeating it is harmless, using it for another order is refused', async () => {
    const order = await placeOrder();
    const other = await placeOrder();
    await store('orders', 'paid', order.id, '--utr', '500000000001');
    const again = await store('orders', 'paid', order.id, '--utr', '500000000001');
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('was already recorded for order');
    const reused = await store('orders', 'paid', other.id, '--utr', '500000000001');
    expect(reused).toMatchObject({
      code: 1,
      stderr: `Error: The UTR 500000000001 is already recorded for order ${order.id}.\n`,
    });
    expect((await tracked(other)).status).toBe(0);
  });

  it('refuses illegal moves with the state machine’s reason, changing nothing', async () => {
    const order = await placeOrder();
    const early = await store('orders', 'ship', order.id, '--tracking', 'AWB123456');
    expect(early).toMatchObject({ code: 1, stderr: 'Error: An order that is Pending cannot become Shipped.\n' });
    expect((await store('orders', 'deliver', order.id)).stderr).toBe(
      'Error: An order that is Pending cannot become Delivered.\n',
    );
    expect(await tracked(order)).toMatchObject({ status: 0, trackingNumber: null });

    await store('orders', 'paid', order.id, '--utr', '600000000001');
    await store('orders', 'ship', order.id, '--tracking', 'AWB123456');
    expect((await store('orders', 'cancel', order.id, '--yes')).stderr).toBe(
      'Error: An order that is Shipped cannot become Cancelled.\n',
    );
    expect((await store('orders', 'paid', order.id, '--utr', '600000000002')).stderr).toBe(
      'Error: This order is not awaiting payment.\n',
    );
    expect((await tracked(order)).status).toBe(2);
  });

  it('cancelling returns the stock, and says when a refund is due', async () => {
    const product = products[1] as Product;
    const before = await stockOf(product);
    const pending = await placeOrder(2, product);
    expect(await stockOf(product)).toBe(before - 2);
    expect((await store('orders', 'cancel', pending.id, '--yes')).stdout).toBe(
      `Order ${pending.id} is now Cancelled; its items are back in stock.\n`,
    );
    expect(await stockOf(product)).toBe(before);
    expect((await tracked(pending)).status).toBe(4);

    const paid = await placeOrder(1, product);
    await store('orders', 'paid', paid.id, '--utr', '700000000001');
    expect((await store('orders', 'cancel', paid.id, '--yes')).stdout).toContain('It was paid: its refund is due');
  });

  it('refuses a malformed UTR or tracking number before touching the order', async () => {
    const order = await placeOrder();
    expect(await store('orders', 'paid', order.id, '--utr', '12345')).toMatchObject({
      code: 1,
      stderr: "Error: A UTR is the 12 digits of the UPI transfer's reference, not '12345'.\n",
    });
    expect(await store('orders', 'ship', order.id, '--tracking', '<script>')).toMatchObject({ code: 1 });
    expect(await store('orders', 'paid', order.id)).toMatchObject({ code: 2 });
    expect((await tracked(order)).status).toBe(0);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('what the merchant must not miss', () => {
  it('marks sandbox payments TEST and shows each order line’s size and colour', async () => {
    const sleeve = ((await http.get('/products?limit=100')).json() as ProductListResponse).data.find(
      (product) => product.title === 'Neoprene Laptop Sleeve',
    );
    if (!sleeve) throw new Error('the demo sleeve is missing');
    const response = await http.post(
      '/orders',
      {
        lines: [
          { productId: sleeve.id, quantity: 1, size: '13"', color: 'Navy' },
          { productId: sleeve.id, quantity: 1, size: '15.6"', color: 'Olive' },
        ],
        shippingAddress: validAddress,
      },
      shopper.token,
    );
    const order = response.json() as Order;
    await cli.shop.services.payments.record(cli.shop.storeId, 'sandbox', {
      orderId: order.id,
      reference: `SBX-${order.id}`,
      amount: Math.round(order.total * 100),
      status: 'success',
      detail: {},
    });
    const list = await store('orders', 'list');
    expect(list.stdout).toMatch(new RegExp(`${order.id}.*Processing \\(TEST\\)`));
    const json = JSON.parse((await store('orders', 'list', '--json')).stdout) as { id: string; testPayment: boolean }[];
    expect(json.find((row) => row.id === order.id)?.testPayment).toBe(true);
    const shown = (await store('orders', 'show', order.id)).stdout;
    expect(shown).toContain('(TEST: paid on the sandbox gateway, no real money)');
    expect(shown).toMatch(/Neoprene Laptop Sleeve\s+Size 13", Colour Navy\s+1/);
    expect(shown).toMatch(/Neoprene Laptop Sleeve\s+Size 15.6", Colour Olive\s+1/);
  });

  it('lists a payment taken for a cancelled order as needing a refund', async () => {
    const order = await placeOrder();
    expect((await store('orders', 'cancel', order.id, '--yes')).code).toBe(0);
    await cli.shop.services.payments.record(cli.shop.storeId, 'sandbox', {
      orderId: order.id,
      reference: `SBX-late-${order.id}`,
      amount: Math.round(order.total * 100),
      status: 'success',
      detail: {},
    });
    const due = await store('payments', 'list', '--needs-refund');
    expect(due.code).toBe(0);
    expect(due.stdout).toMatch(new RegExp(`${order.id}.*sandbox \\(TEST\\)\\s+SBX-late-${order.id}`));
    expect(due.stdout).toContain('The order was cancelled (cancelled by the shop) before the payment arrived.');
    const shown = (await store('orders', 'show', order.id)).stdout;
    expect(shown).toContain('success, NEEDS REFUND');
    expect(shown).toContain('Cancelled: Cancelled by the shop');
  });
});

describe('shipping as couriers do it', () => {
  it('ships with a courier and a tracking page, corrects a mistyped number, and shows it all to the shopper', async () => {
    const order = await placeOrder();
    expect((await store('orders', 'paid', order.id, '--utr', '700000000777')).stderr).toBe('');
    const shipped = await store(
      'orders',
      'ship',
      order.id,
      '--courier',
      'Delhivery',
      '--tracking',
      '1234567890123',
      '--tracking-url',
      'https://www.delhivery.com/track/package/1234567890123',
    );
    expect(shipped.stderr).toBe('');
    expect(shipped).toMatchObject({ code: 0 });
    expect(shipped.stdout).toContain('by Delhivery, tracking 1234567890123');
    expect(await tracked(order)).toMatchObject({
      status: 2,
      courier: 'Delhivery',
      trackingNumber: '1234567890123',
      trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
    });

    const corrected = await store(
      'orders',
      'tracking',
      order.id,
      '--courier',
      'Delhivery',
      '--tracking',
      '1234567890124',
    );
    expect(corrected.code).toBe(0);
    // The courier and its link stay; the link names the corrected number.
    expect(await tracked(order)).toMatchObject({
      courier: 'Delhivery',
      trackingNumber: '1234567890124',
      trackingUrl: 'https://www.delhivery.com/track/package/1234567890124',
    });

    for (const [argv, message] of [
      [['--tracking-url', 'http://tracker.example/1'], 'A tracking page is an https:// address'],
      [['--courier', 'Delhivery'], 'Give the tracking number (--tracking) or the tracking page (--tracking-url)'],
      [['--tracking', '12', '--courier', 'X'], "A courier's name is 2 to 60"],
    ] as const) {
      const refused = await store('orders', 'tracking', order.id, ...argv);
      expect(refused.code, argv.join(' ')).toBe(1);
      expect(refused.stderr).toContain(message);
    }
    expect((await tracked(order)).trackingNumber).toBe('1234567890124');

    await store('orders', 'deliver', order.id);
    const late = await store('orders', 'tracking', order.id, '--tracking', 'AWB99999');
    expect(late.stderr).toContain("Only a Shipped order's tracking can be changed; this order is Delivered.");
  });

  it('asks before cancelling on a terminal, and wants --yes from a script', async () => {
    const order = await placeOrder();
    const script = await store('orders', 'cancel', order.id);
    expect(script.code).toBe(1);
    expect(script.stderr).toContain(`Add --yes to cancel order ${order.id}`);

    const declined = await storeCommand(cli.shop, cli.files.dir, ['no'])('orders', 'cancel', order.id);
    expect(declined.stdout).toContain('Its items go back into stock. Type yes to cancel:');
    expect(declined.stdout).toContain('Nothing changed.');
    expect((await tracked(order)).status).toBe(0);

    const confirmed = await storeCommand(cli.shop, cli.files.dir, ['yes'])('orders', 'cancel', order.id);
    expect(confirmed.stdout).toContain(`Order ${order.id} is now Cancelled`);
    expect((await tracked(order)).status).toBe(4);
  });
});
