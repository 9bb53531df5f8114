import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOBS } from '../src/housekeeping.js';
import { startShop, type TestShop } from './harness.js';

let shop: TestShop;
let storeId: string;
beforeAll(async () => {
  shop = await startShop({ messages: { notifyEmail: 'owner@netkart.in' } });
  storeId = (await shop.db.selectFrom('stores').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => shop.close());

/** An instant given in India time. */
const ist = (dayAndTime: string) => Date.parse(`${dayAndTime}:00+05:30`);

async function setStock(stocks: Record<string, number>, others = 100) {
  await shop.db.updateTable('products').set({ stock: others }).where('store_id', '=', storeId).execute();
  for (const [sku, stock] of Object.entries(stocks))
    await shop.db.updateTable('products').set({ stock }).where('sku', '=', sku).execute();
}

const summaries = () =>
  shop.db.selectFrom('outbox').selectAll().where('kind', '=', 'merchant.low-stock').orderBy('created_at').execute();

describe('the daily low-stock summary', () => {
  it('goes out once a day from 9:00 India time, listing what is at or below the threshold', async () => {
    const [first, second, third] = await shop.db
      .selectFrom('products')
      .select(['sku', 'title'])
      .where('store_id', '=', storeId)
      .orderBy('position')
      .limit(3)
      .execute();
    if (!first || !second || !third) throw new Error('the demo store has products');
    await setStock({ [first.sku]: 0, [second.sku]: 3, [third.sku]: 6 });

    expect(await shop.services.stockSummary.sendDue(ist('2026-12-01T08:59'))).toBe(0);
    expect(await summaries()).toHaveLength(0);

    expect(await shop.services.stockSummary.sendDue(ist('2026-12-01T09:00'))).toBe(1);
    const [summary] = await summaries();
    expect(summary?.recipient).toBe('owner@netkart.in');
    expect(summary?.subject).toBe('Low stock: 2 products | NetKart');
    expect(summary?.text).toContain(`${first.title} (SKU ${first.sku}): sold out`);
    expect(summary?.text).toContain(`${second.title} (SKU ${second.sku}): 3 left`);
    expect(summary?.text).not.toContain(third.title); // 6 is above the threshold of 5
    expect(summary?.text).toContain('/admin/products?stock=low');

    // Later the same day, nothing more.
    expect(await shop.services.stockSummary.sendDue(ist('2026-12-01T18:00'))).toBe(0);
    expect(await summaries()).toHaveLength(1);
  });

  it('is written once when several server processes run the job at the same time', async () => {
    const at = ist('2026-12-02T09:01');
    const job = HOUSEKEEPING_JOBS.find((candidate) => candidate.name === 'daily low-stock summary');
    const runs = await Promise.all(Array.from({ length: 5 }, () => job?.run(shop.services, at)));
    expect(runs.filter(Boolean)).toEqual(['wrote the low-stock summary for 1 store(s)']);
    expect(await summaries()).toHaveLength(2);
  });

  it('says nothing on a day when nothing is low, nor about hidden products', async () => {
    const hidden = await shop.db
      .selectFrom('products')
      .select('sku')
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    await setStock({ [hidden.sku]: 0 });
    await shop.db.updateTable('products').set({ hidden: 1 }).where('sku', '=', hidden.sku).execute();
    expect(await shop.services.stockSummary.sendDue(ist('2026-12-03T09:30'))).toBe(0);
    expect(await summaries()).toHaveLength(2);
    await shop.db.updateTable('products').set({ hidden: 0 }).where('sku', '=', hidden.sku).execute();
  });
});
