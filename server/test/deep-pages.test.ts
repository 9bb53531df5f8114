import { ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/transaction.js';
import { POSITION_BUCKET } from '../src/modules/catalog/listing-counts-sql.js';
import type { ProductInput } from '../src/modules/catalog/product-row.js';
import { type client, startShop, storeOfItsOwn, type TestShop } from './harness.js';

// A deep page of a browsing listing starts its walk at the bucket of positions that holds its first
// product (listing_position_counts); it must list what walking from the start lists.

let shop: TestShop;
let storeId: string;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  shop = await startShop();
  ({ storeId, http } = await storeOfItsOwn(shop, 'deep.example', 'Deep Shop'));
});
afterAll(() => shop.close());

const product = (sku: string, index: number): ProductInput => ({
  sku,
  title: `Deep Product ${sku}`,
  description: '',
  category: index % 3 ? 'LAN Adapters' : 'Hubs',
  parentCategory: index % 5 ? 'Series 1' : index % 2 ? 'Series 0' : null,
  gender: null,
  regularPrice: 499 + (index % 9) * 100,
  discountedPrice: null,
  stock: index % 5,
  hidden: index % 17 === 0,
  images: [],
  attributes: [],
});

const LIMIT = 40;
const LISTINGS = [
  '',
  'category=LAN%20Adapters',
  'category=lan%20adapters&parentCategory=Series%201',
  'parentCategory=series%201',
];

/** Pages across the buckets (from the 2,000th product on), the last one and one past it, of each listing. */
async function expectDeepPagesAsWalked(step: string) {
  for (const listing of LISTINGS) {
    const first = ProductListResponse.parse((await http.get(`/products?limit=${LIMIT}&${listing}`)).json());
    const pages = Math.ceil(first.count / LIMIT);
    const deep = [50, 70, pages - 1, pages];
    for (const index of deep.filter((page) => page >= 1)) {
      const page = index + 1;
      const url = `/products?limit=${LIMIT}&page=${page}&${listing}`;
      const jumped = await http.get(url);
      // inStock=false lets every product through but is a filter: that listing is counted and walked from its start.
      const walked = await http.get(`${url}&inStock=false`);
      expect(jumped.statusCode, jumped.body).toBe(200);
      const ids = (response: typeof jumped) => ProductListResponse.parse(response.json()).data.map((row) => row.sku);
      expect(ids(jumped), `${step}: page ${page} of "${listing}"`).toEqual(ids(walked));
      if (page > pages) expect(ids(jumped)).toEqual([]);
    }
  }
}

describe('a deep page of a browsing listing', () => {
  it('lists what walking from the start lists, through imports, hiding, deleting and showing again', async () => {
    const skus = Array.from({ length: 6000 }, (_, index) => `DP-${index}`);
    await shop.services.catalog.importMany(
      storeId,
      skus.map((sku, index) => product(sku, index)),
    );
    // Ten positions apart, so that 6,000 products fill six buckets (POSITION_BUCKET) between them;
    // written through the triggers, which move each product's count to its new bucket.
    await writeTransaction(shop.db, (trx) =>
      trx
        .updateTable('products')
        .set((eb) => ({ position: eb('position', '*', 10) }))
        .where('store_id', '=', storeId)
        .execute(),
    );
    const last = await shop.db
      .selectFrom('products')
      .where('store_id', '=', storeId)
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirstOrThrow();
    expect(Number(last.position)).toBeGreaterThan(5 * POSITION_BUCKET);
    const all = ProductListResponse.parse((await http.get(`/products?limit=${LIMIT}`)).json());
    expect(all.count).toBeGreaterThan(5000);
    await expectDeepPagesAsWalked('first import');

    // Products of the first buckets hidden, then some deleted: every later page moves up.
    const early = skus.slice(0, 2000).filter((_, index) => index % 7 === 3);
    for (const sku of early.slice(0, 60)) await shop.services.catalog.updateBySku(storeId, sku, { hidden: true });
    await expectDeepPagesAsWalked('hidden');
    await shop.services.catalog.deleteBySkus(storeId, early.slice(60, 120), { hideOrdered: false });
    await expectDeepPagesAsWalked('deleted');

    // Shown again, moved to another category, and more products at the end.
    for (const sku of early.slice(0, 30)) await shop.services.catalog.updateBySku(storeId, sku, { hidden: false });
    await shop.services.catalog.importMany(
      storeId,
      early.slice(30, 45).map((sku) => ({ ...product(sku, 1), category: 'Hubs', parentCategory: 'Series 0' })),
    );
    const more = Array.from({ length: 500 }, (_, index) => `DP-MORE-${index}`);
    await shop.services.catalog.importMany(
      storeId,
      more.map((sku, index) => product(sku, index + 1)),
    );
    await expectDeepPagesAsWalked('shown, moved and added');
  }, 180_000);
});
