/**
 * What the listing sums kept by the database (see server/src/modules/catalog/listing-counts-sql.ts)
 * cost the writes that keep them: the same writes on a fresh shop with the sums' triggers, and on
 * one where they were dropped, in turn.
 *
 *   npm run listing-counts-cost --workspace bench [products]        (default 20000; SQLite)
 *   BENCH_DATABASE_URL=postgres://… npm run listing-counts-cost --workspace bench   (PostgreSQL as well)
 *
 * The writes: an import of every product, written hidden; one statement that shows them all; one
 * that raises every price (each moves products between the kept price bands).
 */
import { CompiledQuery } from '../../server/src/db/open.js';
import { writeTransaction } from '../../server/src/db/transaction.js';
import { productAt } from './generated-products.js';
import { benchDatabases, scratchShop } from './scratch-shop.js';

const SIZE = Number(process.argv[2] ?? 20_000);
const ROUNDS = 2;

const TRIGGERS = {
  sqlite: [
    'drop trigger listing_counts_insert',
    'drop trigger listing_counts_delete',
    'drop trigger listing_kind_counts_update',
    'drop trigger listing_spec_counts_update',
  ],
  postgres: [
    'drop trigger listing_counts_insert on products',
    'drop trigger listing_counts_delete on products',
    'drop trigger listing_counts_update on products',
  ],
};

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function writes(dialect: 'sqlite' | 'postgres', kept: boolean) {
  const shop = await scratchShop(dialect);
  try {
    if (!kept) for (const statement of TRIGGERS[dialect]) await shop.db.executeQuery(CompiledQuery.raw(statement));
    const storeId = shop.store.id;
    const products = Array.from({ length: SIZE }, (_, index) => ({ ...productAt(index), hidden: true }));
    const imported = await timed(() => shop.services.catalog.importMany(storeId, products));
    const shown = await timed(() =>
      writeTransaction(shop.db, (trx) =>
        trx.updateTable('products').set({ hidden: 0 }).where('store_id', '=', storeId).execute(),
      ),
    );
    const repriced = await timed(() =>
      writeTransaction(shop.db, (trx) =>
        trx
          .updateTable('products')
          .set((eb) => ({ effective_price: eb('effective_price', '+', 100_00) }))
          .where('store_id', '=', storeId)
          .execute(),
      ),
    );
    return { imported, shown, repriced };
  } finally {
    await shop.close();
  }
}

console.log(`${SIZE.toLocaleString('en-IN')} products, ${ROUNDS} rounds, sums kept / not kept in turn\n`);
console.log('| database | round | sums | import (hidden) | show them all | raise every price |');
console.log('|---|---|---|---|---|---|');
for (const dialect of benchDatabases()) {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const kept of [true, false]) {
      const { imported, shown, repriced } = await writes(dialect, kept);
      console.log(
        `| ${dialect} | ${round} | ${kept ? 'kept' : 'not kept'} | ${imported.toFixed(2)} s | ${shown.toFixed(2)} s | ${repriced.toFixed(2)} s |`,
      );
    }
  }
}
