import { describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

describe('store shipping', () => {
  it('shows the demo store’s rules: ₹79 below ₹999', async () => {
    const shown = await store('shipping', 'show');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ freeFrom: 999, slabs: [{ price: 79 }] });
  });

  it('sets rules from a file, which the quote then charges, and records who changed them', async () => {
    cli.files.write(
      'rules.json',
      JSON.stringify({
        freeFrom: 1499,
        slabs: [{ upToGrams: 500, price: 49 }, { price: 99 }],
        defaultWeightGrams: 300,
      }),
    );
    expect(await store('shipping', 'set', '--file', 'rules.json')).toEqual({
      code: 0,
      stdout: "NetKart's shipping rules are set (2 weight slabs).\n",
      stderr: '',
    });
    const product = await cli.shop.db
      .selectFrom('products')
      .select('id')
      .where('stock', '>', 0)
      .executeTakeFirstOrThrow();
    const quote = await client(cli.shop.app).post('/shipping/quote', {
      items: [{ productId: product.id, quantity: 1 }],
      pincode: '411038',
    });
    expect(quote.json()).toMatchObject({ freeFrom: 1499, weightGrams: 300 });
    const logged = await cli.shop.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'store.shipping')
      .executeTakeFirst();
    expect(logged).toEqual({ actor: 'store command', action: 'store.shipping' });
  });

  it('refuses a file that does not add up, naming each field, and keeps the rules as they were', async () => {
    const before = await store('shipping', 'show');
    cli.files.write('bad.json', JSON.stringify({ freeFrom: -5, slabs: [{ upToGrams: 500, price: 'free' }] }));
    const refused = await store('shipping', 'set', '--file', 'bad.json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.json was not applied:');
    expect(refused.stderr).toContain('freeFrom: freeFrom cannot be negative.');
    expect(refused.stderr).toContain(
      'slabs.0.price: price must be an amount in rupees, or one amount for each zone: withinCity, withinState, metroToMetro, restOfIndia, northEastAndJk.',
    );
    expect((await store('shipping', 'show')).stdout).toBe(before.stdout);
  });
});
