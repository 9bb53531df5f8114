import { describe, expect, it } from 'vitest';
import { orderableProducts } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();

describe("the store command's changes in the activity log", () => {
  it('records who changed what, before → after, and never a payment secret', async () => {
    const [product] = await orderableProducts(cli.shop.app, 1);
    if (!product) throw new Error('no product');
    expect((await cli.store('products', 'stock', product.sku, '3')).code).toBe(0);
    expect((await cli.store('products', 'hide', product.sku)).code).toBe(0);
    const salt = 'a-secret-salt-never-logged';
    const set = await cli.store(
      'payments',
      'set',
      '--provider',
      'payu',
      '--payu-key',
      'gtKFFx',
      '--payu-salt',
      salt,
      '--payu-url',
      'https://test.payu.in/_payment',
    );
    expect(set.code).toBe(0);

    const { rows } = await cli.shop.services.audit.list(cli.shop.storeId, { offset: 0, limit: 10 });
    const entries = rows.map((row) => ({
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      before: JSON.parse(row.before_json ?? 'null'),
      after: JSON.parse(row.after_json ?? 'null'),
    }));
    expect(entries).toHaveLength(3);
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          actor: 'store command',
          action: 'store.payments',
          subject: 'store:localhost',
          before: { provider: 'sandbox' },
          after: { provider: 'payu', changed: ['payuKey', 'payuSalt', 'payuUrl'] },
        },
        {
          actor: 'store command',
          action: 'product.update',
          subject: `product:${product.sku}`,
          before: { hidden: false },
          after: { hidden: true },
        },
        {
          actor: 'store command',
          action: 'product.stock',
          subject: `product:${product.sku}`,
          before: { stock: product.stock },
          after: { stock: 3 },
        },
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain(salt);
  });
});
