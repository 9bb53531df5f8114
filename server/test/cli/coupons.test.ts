import { Order } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

/** A product at this price, plenty in stock. */
async function pricedAt(paise: number, index: number) {
  const product = (await orderableProducts(cli.shop.app, 5))[index];
  if (!product) throw new Error('no product in stock');
  await cli.shop.db
    .updateTable('products')
    .set({ regular_price: paise, discounted_price: null, stock: 500 })
    .where('id', '=', product.id)
    .execute();
  return product.id;
}

describe('store coupons', () => {
  it('adds 10% up to ₹200 above ₹999: a ₹2,499 order costs ₹2,299, a ₹549 one is refused; lists and disables it', async () => {
    expect((await store('coupons', 'list')).stdout).toBe('No coupons yet.\n');
    const added = await store(
      'coupons',
      'add',
      '--code',
      'SAVE10',
      '--percent',
      '10',
      '--max-discount',
      '200',
      '--min-order',
      '999',
      '--limit',
      '100',
      '--per-customer',
      '2',
      '--to',
      '2099-12-31',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('Coupon SAVE10 is added: 10% up to ₹200, min ₹999.\n');
    await cli.shop.services.shipping.setRules(cli.shop.storeId, null);

    const http = client(cli.shop.app);
    const shopper = await signUp(cli.shop.app);
    const big = await pricedAt(249_900, 0);
    const small = await pricedAt(54_900, 1);
    const order = (productId: string) =>
      http.post(
        '/orders',
        { lines: [{ productId, quantity: 1 }], shippingAddress: validAddress, couponCode: 'save10' },
        shopper.token,
      );
    const placed = await order(big);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json()).total).toBe(2299);
    const refused = await order(small);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'couponCode' });

    const listed = await store('coupons', 'list');
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^CODE\s+GIVES\s+FROM\s+TO\s+USED\s+PER CUSTOMER\s+STATUS$/);
    expect(lines[2]).toMatch(/^SAVE10\s+10% up to ₹200, min ₹999\s+-\s+2099-12-31\s+1\/100\s+2\s+active$/);

    const disabled = await store('coupons', 'disable', 'save10');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toBe('Coupon SAVE10 is disabled.\n');
    expect((await order(big)).statusCode).toBe(400);
    const logged = await cli.shop.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('subject', '=', 'coupon:SAVE10')
      .orderBy('created_at')
      .execute();
    expect(logged.map((entry) => entry.action)).toEqual(['coupon.add', 'coupon.disable']);
  });

  it('says what is wrong with a coupon it will not add', async () => {
    const both = await store('coupons', 'add', '--code', 'TWO', '--percent', '10', '--flat', '100');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('Give exactly one of --percent, --flat or --free-shipping.');
    const bad = await store('coupons', 'add', '--code', 'BADPCT', '--percent', '150', '--from', '2026-13-01');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--percent: percent must be a whole number from 1 to 100.');
    const again = await store('coupons', 'add', '--code', 'SAME1', '--flat', '50');
    expect(again.code, again.stderr).toBe(0);
    const duplicate = await store('coupons', 'add', '--code', 'same1', '--flat', '50');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('The code same1 is already a coupon here.');
    const unknown = await store('coupons', 'disable', 'NOSUCH');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No coupon has that code or id.');
  });
});
