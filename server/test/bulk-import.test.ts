import { ProductListResponse } from '@netkart/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/transaction.js';
import { withRowTriggersPaused } from '../src/modules/catalog/bulk-write.js';
import { LISTING_COUNTS_FILL } from '../src/modules/catalog/listing-counts-sql.js';
import type { ProductInput } from '../src/modules/catalog/product-row.js';
import { PRODUCT_SEARCH_SQL } from '../src/modules/catalog/search/search-index.js';
import { client, startShop, type TestShop } from './harness.js';

// An import of more than 2,000 new products writes them hidden with the row triggers paused, and
// their search index, specifications and listing sums set-based: they must be what the triggers write.

let shop: TestShop;
let http: ReturnType<typeof client>;
beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
});
afterAll(() => shop.close());

const product = (sku: string, index: number): ProductInput => ({
  sku,
  title: `Bulkwrite Adapter ${index}`,
  description: `A quokkaproof accessory, model ${index}.`,
  category: index % 2 ? 'LAN Adapters' : 'Hubs',
  parentCategory: index % 3 ? `Series ${index % 4}` : null,
  gender: null,
  regularPrice: 299 + (index % 40) * 250,
  discountedPrice: index % 5 ? null : 199,
  stock: index % 7,
  hidden: index % 11 === 0,
  images: [],
  attributes: [
    { key: 'Speed', value: [String((index % 3) + 1)], metricUnit: 'Gbps' },
    { key: 'Colours', value: ['Black', index % 2 ? 'Grey' : 'Black'], metricUnit: null },
    ...(index % 13 ? [] : [{ key: 'Featured', value: ['true'], metricUnit: null }]),
  ],
});

const rows = async (query: string) => (await sql.raw<Record<string, unknown>>(query).execute(shop.db)).rows;

/** What the kept tables hold, beside what filling them afresh from the products gives. */
async function keptAndAfresh() {
  const specsOrder = 'order by product_id, name_key, value_key, unit, name, value';
  const kept = {
    specs: await rows(
      `select product_id, store_id, name, name_key, value, value_key, unit from product_specs ${specsOrder}`,
    ),
    kinds: await rows('select * from listing_kind_counts where products <> 0 order by 1, 2, 3, 4, 5'),
    specSums: await rows('select * from listing_spec_counts where products <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8'),
    positions: await rows('select * from listing_position_counts where products <> 0 order by 1, 2, 3, 4'),
  };
  // Filled afresh in a transaction rolled back, so the kept tables stay as they are.
  let afresh: typeof kept | undefined;
  await writeTransaction(shop.db, async (trx) => {
    await sql`delete from product_specs`.execute(trx);
    await sql.raw(PRODUCT_SEARCH_SQL[shop.dialect].specsOfAll).execute(trx);
    await sql`delete from listing_kind_counts`.execute(trx);
    await sql`delete from listing_spec_counts`.execute(trx);
    await sql`delete from listing_position_counts`.execute(trx);
    for (const statement of LISTING_COUNTS_FILL) await sql.raw(statement).execute(trx);
    const read = async (query: string) => (await sql.raw<Record<string, unknown>>(query).execute(trx)).rows;
    afresh = {
      specs: await read(
        `select product_id, store_id, name, name_key, value, value_key, unit from product_specs ${specsOrder}`,
      ),
      kinds: await read('select * from listing_kind_counts where products <> 0 order by 1, 2, 3, 4, 5'),
      specSums: await read('select * from listing_spec_counts where products <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8'),
      positions: await read('select * from listing_position_counts where products <> 0 order by 1, 2, 3, 4'),
    };
    throw new RolledBack();
  }).catch((error) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return { kept, afresh };
}

class RolledBack extends Error {}

/** Every product is in the search index once, with its own words. */
async function expectSearchIndexWhole() {
  if (shop.dialect === 'sqlite') {
    await sql`insert into product_search (product_search) values ('integrity-check')`.execute(shop.db);
    const [ids] = await rows(
      'select (select count(*) from products) as products, (select count(*) from product_search_ids) as ids, (select count(*) from product_search) as words, (select count(*) from product_search_ids i join products p on p.id = i.product_id and p.store_id = i.store_id) as matched',
    );
    expect(ids).toEqual({ products: ids?.products, ids: ids?.products, words: ids?.products, matched: ids?.products });
  } else {
    const [counts] = await rows(
      `select (select count(*) from products) as products,
        (select count(*) from products where search_vector is distinct from ${POSTGRES_FRESH_VECTOR}) as stale,
        (select count(*) from product_words w join products p on p.id = w.product_id and w.words = p.search_vector) as words`,
    );
    expect(Number(counts?.stale)).toBe(0);
    expect(Number(counts?.words)).toBe(Number(counts?.products));
  }
}

const POSTGRES_FRESH_VECTOR = `(setweight(to_tsvector('english', search_title), 'A') ||
  setweight(to_tsvector('english', search_kind), 'B') || setweight(to_tsvector('english', search_specs), 'C') ||
  setweight(to_tsvector('english', description), 'D'))`;

const listing = async (query: string) => ProductListResponse.parse((await http.get(`/products${query}`)).json());

describe('an import of thousands of new products, written in bulk', () => {
  it('leaves the search finding them, and the specifications and listing sums as a fresh fill gives them', async () => {
    const skus = Array.from({ length: 2600 }, (_, index) => `BULK-${index}`);
    // A writer between the import's transactions (an order, a back-office edit): its rows go through the triggers.
    let between = 0;
    const settings = async () =>
      shop.dialect === 'sqlite'
        ? { cache: await rows('pragma cache_size'), checkpoint: await rows('pragma wal_autocheckpoint') }
        : {};
    const before = await settings();
    await shop.services.catalog.importMany(
      shop.storeId,
      skus.map((sku, index) => product(sku, index)),
      {
        lockMs: 5,
        onWritten: () => {
          between += 1;
        },
      },
    );
    // SQLite writes in parts of a few milliseconds here; PostgreSQL in one transaction, 2,000 rows a statement.
    expect(between).toBeGreaterThan(shop.dialect === 'sqlite' ? 2 : 1);
    // SQLite: the connection's own page cache and checkpointing are back once the import is done.
    expect(await settings()).toEqual(before);
    const { kept, afresh } = await keptAndAfresh();
    expect(kept.specs.length).toBeGreaterThan(2600);
    expect(kept).toEqual(afresh);
    await expectSearchIndexWhole();

    const found = await listing(`?q=${encodeURIComponent('quokkaproof adapter')}`);
    const visible = skus.filter((_, index) => index % 11 !== 0).length;
    expect(found.count).toBe(visible);
    expect((await listing('?q=Bulkwrite%202599')).data.map((item) => item.sku)).toEqual(['BULK-2599']);
    // Hidden by the file: its number matches no product shown, so the search is for the other words alone.
    const hidden = await listing('?q=Bulkwrite%202596');
    expect(hidden.data.map((item) => item.sku)).not.toContain('BULK-2596');
    expect(hidden.search?.searchedFor).toBe('Bulkwrite');
  });

  it('leaves every other writer under the triggers: a write after the bulk statement in the same transaction, and later ones', async () => {
    await writeTransaction(shop.db, async (trx) => {
      await withRowTriggersPaused(trx, () =>
        sql`update products set updated_at = updated_at where sku = ${'BULK-1'}`.execute(trx),
      );
      // The mark is gone for the next statement: this product's new words are indexed by the trigger.
      await sql`update products set title = 'Quillwort Adapter', search_title = 'quillwort adapter'
        where sku = ${'BULK-3'}`.execute(trx);
    });
    await shop.services.catalog.importMany(shop.storeId, [
      { ...product('BULK-NEW', 5), title: 'Zebrawood Hub' },
      { ...product('BULK-5', 5), attributes: [{ key: 'Ports', value: ['7'], metricUnit: null }] },
    ]);
    expect((await listing('?q=quillwort')).data.map((item) => item.sku)).toEqual(['BULK-3']);
    expect((await listing('?q=zebrawood')).data.map((item) => item.sku)).toEqual(['BULK-NEW']);
    if (shop.dialect === 'sqlite') expect(await rows('select * from products_bulk_write')).toEqual([]);
    const { kept, afresh } = await keptAndAfresh();
    expect(kept).toEqual(afresh);
    await expectSearchIndexWhole();
  });

  it('leaves everything as it was when the transaction of a bulk write rolls back', async () => {
    const before = await keptAndAfresh();
    await expect(
      writeTransaction(shop.db, async (trx) => {
        await withRowTriggersPaused(trx, () =>
          sql`update products set hidden = 1 - hidden, effective_price = effective_price + 100`.execute(trx),
        );
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    if (shop.dialect === 'sqlite') expect(await rows('select * from products_bulk_write')).toEqual([]);
    expect(await keptAndAfresh()).toEqual(before);
    // The triggers run again: hiding a product takes it out of the sums.
    await shop.services.catalog.updateBySku(shop.storeId, 'BULK-7', { hidden: true });
    const { kept, afresh } = await keptAndAfresh();
    expect(kept).toEqual(afresh);
  });
});

describe("a deleted product's own rows", () => {
  it('go with it: its specifications, its search words, and nothing of the products kept', async () => {
    const skus = ['GONE-1', 'GONE-2', 'GONE-3'];
    await shop.services.catalog.importMany(
      shop.storeId,
      skus.map((sku, index) => product(sku, index + 1)),
    );
    const idsOf = async (wanted: string[]) =>
      (await shop.db.selectFrom('products').select('id').where('sku', 'in', wanted).execute()).map((row) => row.id);
    const [gone, kept] = [await idsOf(skus.slice(0, 2)), await idsOf(skus.slice(2))];
    const derived = async (ids: string[]) => {
      const specs = await shop.db
        .selectFrom('product_specs')
        .select('product_id')
        .where('product_id', 'in', ids)
        .execute();
      const words =
        shop.dialect === 'postgres'
          ? await rows(`select product_id from product_words where product_id in ('${ids.join("','")}')`)
          : await rows(`select product_id from product_search_ids where product_id in ('${ids.join("','")}')`);
      return { specs: specs.length, words: words.length };
    };
    const [goneBefore, keptBefore] = [await derived(gone), await derived(kept)];
    expect(goneBefore.specs).toBeGreaterThanOrEqual(4);
    expect(goneBefore.words).toBe(2);
    expect(keptBefore.words).toBe(1);

    await shop.services.catalog.deleteBySkus(shop.storeId, skus.slice(0, 2), { hideOrdered: false });

    expect(await derived(gone)).toEqual({ specs: 0, words: 0 });
    expect(await derived(kept)).toEqual(keptBefore);
  });
});

describe('the staging of an import', () => {
  it('keeps texts with quotes, backslashes, braces, commas and empty values as they are', async () => {
    const awkward: ProductInput = {
      ...product('AWKWARD-1', 1),
      title: 'Cable "Pro", {braided} \\ 1m, NULL',
      description: '',
      parentCategory: null,
      hsn: null,
      manufacturer: 'A "quoted", {odd} maker \\ Ltd',
      netQuantity: 'NULL',
      attributes: [{ key: 'Notes', value: ['a,b', '"c"', '{d}', 'e\\f'], metricUnit: null }],
    };
    await shop.services.catalog.importMany(shop.storeId, [awkward]);
    const found = await shop.services.catalog.findSku(shop.storeId, 'AWKWARD-1');
    const row = found && (await shop.services.catalog.getAny(shop.storeId, found.id));
    expect(row).toMatchObject({
      title: awkward.title,
      description: '',
      parent_category: null,
      hsn: null,
      manufacturer: awkward.manufacturer,
      net_quantity: 'NULL',
      attributes_json: JSON.stringify(awkward.attributes),
    });
    // The same file again changes nothing.
    expect(await shop.services.catalog.importMany(shop.storeId, [awkward])).toMatchObject({ unchanged: 1 });
  });
});
