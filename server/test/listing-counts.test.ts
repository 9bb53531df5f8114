import { OrderStatus, ProductListResponse } from '@netkart/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/transaction.js';
import { LISTING_COUNTS_FILL } from '../src/modules/catalog/listing-counts-sql.js';
import type { ProductInput } from '../src/modules/catalog/product-row.js';
import { catalogueChanged } from '../src/modules/stores/versions.js';
import { type client, startShop, storeOfItsOwn, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let storeId: string;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  shop = await startShop();
  ({ storeId, http } = await storeOfItsOwn(shop, 'counts.example', 'Counts Shop'));
});
afterAll(() => shop.close());

/** A small seeded generator, so a failing sequence of changes can be run again as it was. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

// Spellings that differ only in case, a type spelled '', specifications a product repeats, units,
// and specifications that are never facets: the ways counting by hand and kept sums could differ.
const CATEGORIES = ['LAN Adapters', 'lan adapters', 'Hubs', 'Storage'] as const;
const TYPES = [null, 'USB-C Adapters', 'usb-c adapters', 'Thunderbolt', ''] as const;
const SPECS = [
  { key: 'Speed', values: ['1', '2.5', '10'], metricUnit: 'Gbps' },
  { key: 'Brand', values: ['Veloxa', 'veloxa', 'NetKart', 'Orbit'], metricUnit: null },
  { key: 'brand', values: ['Veloxa', 'NetKart'], metricUnit: null },
  { key: 'Ports', values: ['4', '7', '10'], metricUnit: null },
  { key: 'Model', values: ['X1', 'X2'], metricUnit: null },
  { key: 'Featured', values: ['true'], metricUnit: null },
] as const;

function productOf(random: ReturnType<typeof randomFrom>, sku: string): ProductInput {
  const regularPrice = random.pick([99, 499, 500, 999, 2499, 5000, 9999, 10000, 25000]);
  const attributes = Array.from({ length: Math.floor(random.next() * 4) }, () => {
    const spec = random.pick(SPECS);
    const values = Array.from({ length: 1 + Math.floor(random.next() * 2) }, () => random.pick(spec.values));
    return { key: spec.key, value: values, metricUnit: random.next() < 0.2 ? null : spec.metricUnit };
  });
  return {
    sku,
    title: `Product ${sku}`,
    description: '',
    category: random.pick(CATEGORIES),
    parentCategory: random.pick(TYPES),
    gender: null,
    regularPrice,
    discountedPrice: random.next() < 0.3 ? Math.floor(regularPrice / 2) : null,
    stock: random.pick([0, 1, 2, 5]),
    hidden: random.next() < 0.1,
    images: [],
    attributes,
  };
}

/** Browsing listings (read from the kept sums) beside the same listings with a filter that keeps everything (counted). */
const BROWSING = [
  '',
  '?category=LAN%20Adapters',
  '?category=hubs',
  '?category=lan%20adapters&parentCategory=USB-C%20Adapters',
  '?category=Storage&parentCategory=thunderbolt',
  '?parentCategory=Thunderbolt',
  '?category=Nothing%20Here',
];

async function expectKeptSumsAgree(step: string) {
  for (const query of BROWSING) {
    const kept = await http.get(`/products${query}`);
    const counted = await http.get(`/products${query}${query ? '&' : '?'}inStock=false`);
    expect(kept.statusCode, kept.body).toBe(200);
    const keptListing = ProductListResponse.parse(kept.json());
    const countedListing = ProductListResponse.parse(counted.json());
    expect(keptListing.count, `${step}: total of ${query}`).toBe(countedListing.count);
    expect(keptListing.facets, `${step}: facets of ${query}`).toEqual(countedListing.facets);
    expect(keptListing.data, `${step}: page of ${query}`).toEqual(countedListing.data);
  }
  const visible = await shop.db
    .selectFrom('products')
    .where('store_id', '=', storeId)
    .where('hidden', '=', 0)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const everything = ProductListResponse.parse((await http.get('/products')).json());
  expect(everything.count, `${step}: every visible product`).toBe(Number(visible.count));
}

/** The kept sums, leaving out those that came back to nothing. */
async function keptSums() {
  const kinds = await sql`select * from listing_kind_counts where products <> 0 order by 1, 2, 3, 4, 5`.execute(
    shop.db,
  );
  const specs =
    await sql`select * from listing_spec_counts where products <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`.execute(shop.db);
  const positions = await sql`select * from listing_position_counts where products <> 0 order by 1, 2, 3, 4`.execute(
    shop.db,
  );
  return { kinds: kinds.rows, specs: specs.rows, positions: positions.rows };
}

describe('the browsing listings counted ahead by the database', () => {
  it('agree with counting afresh through imports, edits, hiding, deleting, a sale of the last one and its cancel', async () => {
    const random = randomFrom(20261126);
    let skus = Array.from({ length: 60 }, (_, index) => `LC-${index}`);
    await shop.services.catalog.importMany(
      storeId,
      skus.map((sku) => productOf(random, sku)),
    );
    await expectKeptSumsAgree('first import');
    expect((await keptSums()).kinds.length).toBeGreaterThan(0);

    for (let round = 1; round <= 6; round += 1) {
      const changed = skus.filter(() => random.next() < 0.25);
      const added = Array.from({ length: 3 }, (_, index) => `LC-${round}-${index}`);
      await shop.services.catalog.importMany(
        storeId,
        [...changed, ...added].map((sku) => productOf(random, sku)),
      );
      skus = [...skus, ...added];
      await expectKeptSumsAgree(`round ${round}: import`);

      for (const sku of skus.filter(() => random.next() < 0.1))
        await shop.services.catalog.updateBySku(storeId, sku, random.next() < 0.5 ? { stock: 0 } : { hidden: true });
      await expectKeptSumsAgree(`round ${round}: stock and hiding`);

      const gone = skus.filter(() => random.next() < 0.05);
      await shop.services.catalog.deleteBySkus(storeId, gone, { hideOrdered: false });
      skus = skus.filter((sku) => !gone.includes(sku));
      await expectKeptSumsAgree(`round ${round}: deleting`);
    }

    // An import large enough to be written hidden and shown in parts.
    const many = Array.from({ length: 2001 }, (_, index) => `LC-MANY-${index}`);
    await shop.services.catalog.importMany(
      storeId,
      many.map((sku) => productOf(random, sku)),
    );
    skus = [...skus, ...many];
    await expectKeptSumsAgree('a large import written in parts');

    // Statements that move many products at once: a category's prices, a third of the catalogue hidden.
    await writeTransaction(shop.db, async (trx) => {
      await trx
        .updateTable('products')
        .set((eb) => ({ effective_price: eb('effective_price', '+', 4000_00) }))
        .where('store_id', '=', storeId)
        .where('category_key', '=', 'hubs')
        .execute();
      await trx
        .updateTable('products')
        .set({ hidden: 1 })
        .where('store_id', '=', storeId)
        .where(sql<boolean>`position % 3 = 0`)
        .execute();
      await catalogueChanged(trx, storeId);
    });
    await expectKeptSumsAgree('many products in one statement');

    // A sale of the last piece, and its cancel, move the product out of stock and back.
    await shop.services.catalog.importMany(storeId, [
      { ...productOf(random, 'LC-LAST'), category: 'Hubs', hidden: false, stock: 1, regularPrice: 999 },
    ]);
    const last = await shop.db
      .selectFrom('products')
      .select('id')
      .where('store_id', '=', storeId)
      .where('sku', '=', 'LC-LAST')
      .executeTakeFirstOrThrow();
    const shopper = { email: 'counts@example.in', password: 'correct horse' };
    await http.post('/users/register', { ...shopper, firstName: 'Asha', lastName: 'Rao' });
    const token = ((await http.post('/users/authorize', shopper)).json() as { token: string }).token;
    const inStockBefore = ProductListResponse.parse((await http.get('/products?category=hubs')).json()).facets.inStock;
    const placed = await http.post('/orders', { products: { [last.id]: 1 }, shippingAddress: validAddress }, token);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(ProductListResponse.parse((await http.get('/products?category=hubs')).json()).facets.inStock).toBe(
      inStockBefore - 1,
    );
    await expectKeptSumsAgree('the last one sold');
    await shop.services.orders.move(storeId, (placed.json() as { id: string }).id, OrderStatus.Cancelled, {
      cancelReason: 'Changed my mind',
    });
    expect(ProductListResponse.parse((await http.get('/products?category=hubs')).json()).facets.inStock).toBe(
      inStockBefore,
    );
    await expectKeptSumsAgree('the sale cancelled');

    // The sums a database already holding products starts from are the sums its triggers keep.
    const kept = await keptSums();
    await sql`delete from listing_kind_counts`.execute(shop.db);
    await sql`delete from listing_spec_counts`.execute(shop.db);
    await sql`delete from listing_position_counts`.execute(shop.db);
    for (const statement of LISTING_COUNTS_FILL) await sql.raw(statement).execute(shop.db);
    expect(await keptSums()).toEqual(kept);
  }, 180_000);
});
