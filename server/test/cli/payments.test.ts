import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order, PaymentResponse } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

const storedConfig = async () => {
  const row = await cli.shop.db
    .selectFrom('stores')
    .selectAll()
    .where('id', '=', cli.shop.storeId)
    .executeTakeFirstOrThrow();
  // Every provider's entry, read as one bag of keys (their keys do not meet today).
  const entries = Object.values(JSON.parse(row.payment_config_json) as Record<string, Record<string, string>>);
  return { provider: row.payment_provider, config: Object.assign({}, ...entries) as Record<string, string> };
};

describe('payments settings', () => {
  it('shows the demo store on the sandbox, with no secret printed', async () => {
    const shown = await store('payments', 'show');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/provider\s+sandbox/);
    expect(shown.stdout).toMatch(/payuSalt\s+not set/);
    expect(shown.stdout).not.toContain((await storedConfig()).config.sandboxSecret);
  });

  it('refuses incomplete or malformed settings, changing nothing', async () => {
    const before = await storedConfig();
    const cases: [string[], string][] = [
      [['--provider', 'upi'], 'UPI needs the UPI id that receives the money (--upi-vpa'],
      [['--provider', 'upi', '--upi-vpa', 'netkart'], 'A UPI id looks like netkart@okaxis.'],
      [
        ['--provider', 'paypal'],
        "'paypal' is not a payment provider. The providers are: sandbox, upi, razorpay, payu.",
      ],
      [['--provider', 'Payu'], "'Payu' is not a payment provider. The providers are: sandbox, upi, razorpay, payu."],
      [['--provider', 'payu', '--payu-key', 'C0Dr8m'], 'PayU needs its key, salt and address'],
      [
        [
          '--provider',
          'payu',
          '--payu-key',
          'C0Dr8m',
          '--payu-salt',
          '3sf0jURk',
          '--payu-url',
          'http://test.payu.in/_payment',
        ],
        "PayU's address must be an https:// URL",
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await store('payments', 'set', ...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.stderr, argv.join(' ')).toContain(message);
    }
    expect(await storedConfig()).toEqual(before);
  });

  it('switches the store to UPI: the shopper is then shown the NPCI intent for that UPI id', async () => {
    const { config: before } = await storedConfig();
    const result = await store(
      'payments',
      'set',
      '--provider',
      'upi',
      '--upi-vpa',
      'netkart@okaxis',
      '--upi-payee',
      'NetKart Payments',
    );
    expect(result).toMatchObject({ code: 0, stdout: 'NetKart now takes payments with upi.\n' });
    expect((await storedConfig()).config.sandboxSecret).toBe(before.sandboxSecret);

    const shopper = await signUp(cli.shop.app);
    const http = client(cli.shop.app);
    // One a line can name as it is: a product with size or colour lists is sold per variant.
    const [product] = await orderableProducts(cli.shop.app);
    const order = (
      await http.post('/orders', { products: { [product?.id ?? '']: 1 }, shippingAddress: validAddress }, shopper.token)
    ).json() as Order;
    const paying = await http.post('/payments', { orderId: order.id, fields: {} }, shopper.token);
    expect(paying.statusCode).toBe(200);
    const answer = paying.json() as PaymentResponse;
    expect(answer.action).toMatchObject({ type: 'qr' });
    expect(answer.action?.qr).toBe(
      `upi://pay?pa=netkart%40okaxis&pn=NetKart%20Payments&tr=${order.id}&tn=Order%20${order.id}&am=${order.total.toFixed(2)}&cu=INR`,
    );
  });

  it('keeps PayU secrets on the server: show only says they are set', async () => {
    const result = await store(
      'payments',
      'set',
      '--provider',
      'payu',
      '--payu-key',
      'C0Dr8m',
      '--payu-salt',
      '3sf0jURk',
      '--payu-url',
      'https://test.payu.in/_payment',
    );
    expect(result.code).toBe(0);
    const shown = await store('payments', 'show');
    expect(shown.stdout).toMatch(/payuSalt\s+set \(hidden\)/);
    expect(shown.stdout).not.toContain('3sf0jURk');
    expect(((await client(cli.shop.app).get('/payments/fields')).json() as { provider: string }).provider).toBe('payu');
  });
});

describe('payments cod', () => {
  it('shows the demo rules, sets new ones from a file, and refuses bad ones naming the field', async () => {
    const shown = await store('payments', 'cod');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ enabled: true, maxOrder: 10000, fee: { flat: 40 } });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-rules-'));
    try {
      const file = path.join(dir, 'cod.json');
      fs.writeFileSync(
        file,
        JSON.stringify({ enabled: true, minOrder: 200, maxOrder: 5000, fee: { percent: 2 }, states: ['karnataka'] }),
      );
      const set = await store('payments', 'cod', '--file', file);
      expect(set.code).toBe(0);
      expect(set.stdout).toContain('now offers cash on delivery for orders up to ₹5,000, with a fee of 2%.');
      expect(JSON.parse((await store('payments', 'cod')).stdout)).toMatchObject({ states: ['Karnataka'] });

      const cases: [unknown, string][] = [
        [{ enabled: true, minOrder: 6000, maxOrder: 5000 }, 'minOrder: minOrder must not be above maxOrder.'],
        [{ enabled: true, fee: { flat: -1 } }, 'fee'],
        [{ enabled: true, pincodes: ['04000'] }, 'pincodes.0: A PIN is 6 digits'],
        [{ enabled: true, states: ['Atlantis'] }, '"Atlantis" is not a state or union territory of India.'],
        [{ enabled: 'yes' }, 'enabled: enabled must be true or false.'],
      ];
      for (const [rules, message] of cases) {
        fs.writeFileSync(file, JSON.stringify(rules));
        const refused = await store('payments', 'cod', '--file', file);
        expect(refused.code, JSON.stringify(rules)).toBe(1);
        expect(refused.stderr, JSON.stringify(rules)).toContain(message);
      }
      expect(JSON.parse((await store('payments', 'cod')).stdout)).toMatchObject({ maxOrder: 5000 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await cli.shop.services.cod.setRules(cli.shop.storeId, { enabled: true, maxOrder: 10000, fee: { flat: 40 } });
    }
  });
});

describe('payments refunds', () => {
  async function paidOrder(utr: string): Promise<Order> {
    const shopper = await signUp(cli.shop.app);
    const http = client(cli.shop.app);
    // One a line can name as it is: a product with size or colour lists is sold per variant.
    const [product] = await orderableProducts(cli.shop.app);
    const order = (
      await http.post('/orders', { products: { [product?.id ?? '']: 1 }, shippingAddress: validAddress }, shopper.token)
    ).json() as Order;
    expect((await store('orders', 'paid', order.id, '--utr', utr)).code).toBe(0);
    return order;
  }

  it('lists a cancelled paid order as needing a refund until the merchant records it with its UTR', async () => {
    const order = await paidOrder('700000000201');
    const cancelled = await store('orders', 'cancel', order.id, '--yes');
    expect(cancelled.stdout).toContain('It was paid: its refund is due (store payments list --needs-refund).');

    const due = await store('payments', 'list', '--needs-refund');
    expect(due.code).toBe(0);
    expect(due.stdout.split('\n')[0]).toMatch(
      /^ORDER\s+DUE SINCE\s+AMOUNT\s+METHOD\s+PROVIDER\s+REFERENCE\s+STATUS\s+WHY$/,
    );
    const amount = `₹${order.total.toLocaleString('en-IN')}`;
    expect(due.stdout).toMatch(
      new RegExp(`${order.id}.*${amount}\\s+by you\\s+upi\\s+700000000201\\s+due\\s+Order cancelled after payment`),
    );

    const refused: [string[], string][] = [
      [['NOPE-1', '--reference', '800000000201'], 'No order NOPE-1 in NetKart.'],
      [[order.id], "Give the refund's reference: --reference <UTR>."],
      [[order.id, '--reference', 'x'], "Give the refund's reference: the UTR of the transfer"],
      [
        [order.id, '--reference', '800000000201', '--amount', 'lots'],
        "--amount is rupees more than nothing, like 1499 or 1499.50, not 'lots'.",
      ],
      [
        [order.id, '--reference', '800000000201', '--amount', String(order.total + 1)],
        'The amount refunded is more than nothing and at most',
      ],
    ];
    for (const [argv, message] of refused) {
      const result = await store('payments', 'refunded', ...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.stderr, argv.join(' ')).toContain(message);
    }

    const done = await store('payments', 'refunded', order.id, '--reference', '800000000201');
    expect(done).toMatchObject({
      code: 0,
      stdout: `Recorded the refund of ${amount} for order ${order.id} (reference 800000000201). The shopper is emailed.\n`,
    });
    expect((await store('payments', 'list', '--needs-refund')).stdout).not.toContain(order.id);
    expect((await store('orders', 'show', order.id)).stdout).toContain(
      `Refund ${amount} made (upi 700000000201): Order cancelled after payment, reference 800000000201`,
    );
    const again = await store('payments', 'refunded', order.id, '--reference', '800000000201');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Nothing is due to be refunded for order ${order.id}.`);

    const mail = await cli.shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'order.refunded')
      .where('subject', 'like', `%${order.id}%`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('Refund reference: 800000000201');
    const logged = await cli.shop.services.audit.list(cli.shop.storeId, { offset: 0, limit: 20 });
    expect(logged.rows.find((row) => row.action === 'order.refunded')).toMatchObject({
      actor: 'store command',
      subject: `order:${order.id}`,
    });
  });

  it('records a part of the amount when less was refunded', async () => {
    const order = await paidOrder('700000000202');
    await store('orders', 'cancel', order.id, '--yes');
    const done = await store('payments', 'refunded', order.id, '--reference', '800000000202', '--amount', '100.50');
    expect(done.stdout).toContain(`Recorded the refund of ₹100.50 for order ${order.id}`);
  });
});
