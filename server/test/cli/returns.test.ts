import { Order, OrderStatus, Return } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

/** A shopper's delivered order of `quantity` pieces, and their ask to return them. */
async function askedReturn(quantity: number, kind: 'return' | 'exchange' = 'return') {
  const http = client(cli.shop.app);
  const shopper = await signUp(cli.shop.app);
  const [product] = await orderableProducts(cli.shop.app, 20);
  if (!product) throw new Error('no product in stock');
  const placed = await http.post(
    '/orders',
    { lines: [{ productId: product.id, quantity }], shippingAddress: validAddress },
    shopper.token,
  );
  const order = Order.parse(placed.json());
  await cli.shop.services.payments.recordManualPayment(cli.shop.storeId, order.id, {
    provider: 'upi',
    reference: String(300000000000 + Math.floor(Math.random() * 1e9)),
  });
  for (const to of [OrderStatus.Shipped, OrderStatus.Delivered]) {
    await cli.shop.services.orders.move(cli.shop.storeId, order.id, to, { by: { actor: 'merchant' } });
  }
  const itemId = order.items[0]?.id ?? '';
  const asked = await http.post(
    `/orders/${order.id}/returns`,
    { items: { [itemId]: quantity }, reason: 'Wrong size', kind },
    shopper.token,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  const stock = async () =>
    (await cli.shop.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow())
      .stock;
  return { order, created: Return.parse(asked.json()), stock };
}

const logged = (subject: string) =>
  cli.shop.db
    .selectFrom('audit_log')
    .select(['action', 'actor'])
    .where('subject', '=', subject)
    .orderBy('created_at')
    .execute();

describe('store returns', () => {
  it('lists, approves, books the pickup by hand and receives: stock back and a credit note, each move logged', async () => {
    expect((await store('returns', 'list')).stdout).toBe('No returns yet.\n');
    const { order, created, stock } = await askedReturn(2);

    const listed = await store('returns', 'list');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^RETURN\s+ORDER\s+ASKED \(IST\)\s+KIND\s+ITEMS\s+AMOUNT\s+STATUS\s+REASON$/);
    expect(lines[2]).toMatch(
      new RegExp(`^${created.id}\\s+${order.id}\\s+.*\\breturn\\s+2 × .*requested\\s+Wrong size$`),
    );

    const approved = await store('returns', 'approve', created.id.toLowerCase());
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toMatch(
      new RegExp(`^Return ${created.id} \\(order ${order.id}\\) is now approved: the shopper is emailed\\.`),
    );

    const noAwb = await store('returns', 'pickup', created.id);
    expect(noAwb.code).toBe(1);
    expect(noAwb.stderr).toMatch(/^Error: awb:/);
    const picked = await store('returns', 'pickup', created.id, '--courier', 'Delhivery', '--awb', 'RV7788');
    expect(picked.stdout).toContain('is now pickup booked: Delhivery, AWB RV7788.');

    const before = await stock();
    const receivedAnswer = await store('returns', 'receive', created.id);
    expect(receivedAnswer.code, receivedAnswer.stderr).toBe(0);
    expect(receivedAnswer.stdout).toMatch(
      /is now received: its items are back in stock\. Credit note [A-Z0-9]+C\/\d\d-\d\d\/\d{5} for ₹[\d,.]+\. Refund ₹[\d,.]+ the way the order was paid\./,
    );
    expect(await stock()).toBe(before + 2);
    expect((await logged(`return:${created.id}`)).map((row) => [row.action, row.actor])).toEqual([
      ['return.approved', 'store command'],
      ['return.pickup-booked', 'store command'],
      ['return.received', 'store command'],
    ]);

    const again = await store('returns', 'receive', created.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Error: Return ${created.id} is received: it cannot become received.\n`);
  });

  it('refuses with a reason (required), filters by status, and knows no unknown return', async () => {
    const { created } = await askedReturn(1);
    expect((await store('returns', 'refuse', created.id)).code).toBe(2);
    const refused = await store('returns', 'refuse', created.id, '--reason', 'Used and washed');
    expect(refused.stdout).toBe(
      `Return ${created.id} (order ${created.orderId}) is now refused (Used and washed): the shopper is emailed.\n`,
    );
    const only = await store('returns', 'list', '--status', 'refused');
    expect(only.stdout).toContain(created.id);
    expect(only.stdout).not.toMatch(/\breceived\b/);
    expect((await store('returns', 'list', '--status', 'lost')).stderr).toMatch(/^Error: --status is one of requested/);
    const unknown = await store('returns', 'approve', 'NOSUCHRET');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Error: No return has that id.\n');
  });

  it('an exchange received: its replacement order is named, Processing at no charge', async () => {
    const { created } = await askedReturn(1, 'exchange');
    await store('returns', 'approve', created.id);
    const done = await store('returns', 'receive', created.id);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      new RegExp(
        `^Exchange ${created.id} .* is now received: .* Replacement order [A-Z0-9]{10} is Processing, at no charge: ship it as any order\\.\n$`,
      ),
    );
  });

  it('rules: shows the defaults, changes what is given, logs it, and refuses nonsense', async () => {
    expect((await store('returns', 'rules')).stdout).toMatch(
      /takes returns 7 days after delivery; exchanges are offered\.$/m,
    );
    const changed = await store('returns', 'rules', '--days', '10', '--exchanges', 'no');
    expect(changed.stdout).toMatch(/takes returns 10 days after delivery; exchanges are not offered\.$/m);
    expect((await store('returns', 'rules', '--days', '1')).stdout).toMatch(
      /1 day after delivery; exchanges are not offered/,
    );
    expect((await store('returns', 'rules', '--days', 'ten')).stderr).toBe(
      "Error: --days is a number of days from 0 to 365, not 'ten'.\n",
    );
    expect((await store('returns', 'rules', '--exchanges', 'maybe')).code).toBe(1);
    const log = await cli.shop.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'store.returns')
      .execute();
    expect(log.length).toBe(2);
  });
});
