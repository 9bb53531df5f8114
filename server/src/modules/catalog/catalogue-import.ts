import { SqliteAdapter, sql } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.js';
import { tidyAfterBulkWrite, writeTransaction } from '../../db/transaction.js';
import { nowIso } from '../../shared/ids.js';
import { catalogueChanged } from './catalog-version.js';
import { CatalogueStaging, type ImportChange, PRODUCT_COLUMNS, TEXT_COLUMNS } from './catalogue-staging.js';
import type { ProductInput } from './product-row.js';

export type { ImportChange } from './catalogue-staging.js';

/**
 * Creates or updates many products by SKU: all of them or none. New products join the end of
 * the catalogue in the order given; products whose fields are all the same are left untouched.
 *
 * The rows are compared and staged first (catalogue-staging.ts), a batch at a time, without the
 * write lock. Then the writing is set-based SQL from the staging table. A few thousand new
 * products fit one short transaction; more are written hidden, a transaction of about a second at a
 * time, so that the shop's own writes (orders) get the lock in between, and one last transaction
 * shows them all and applies the updates. Until then shoppers see none of it, and a failure
 * deletes the hidden ones again. A dry run stages, counts and writes nothing.
 *
 * `onWritten` hears how many have been written so far.
 */
export async function importProducts(
  db: Database,
  storeId: string,
  inputs: ProductInput[] | AsyncIterable<ProductInput[]>,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const staging = await CatalogueStaging.create(db, storeId, nowIso());
  try {
    for await (const batch of Array.isArray(inputs) ? [inputs] : inputs) await staging.add(batch);
    const counts: ImportCounts = {
      ...staging.counts,
      ...(options.dryRun ? { changes: await staging.changes() } : {}),
    };
    if (options.dryRun || staging.staged === 0) return counts;
    await writeStaged(db, storeId, staging, options);
    if (staging.staged >= BULK_WRITE) await tidyAfterBulkWrite(db, 'products');
    return counts;
  } finally {
    await staging.drop();
  }
}

export interface ImportOptions {
  dryRun?: boolean;
  onWritten?: (done: number) => void;
  /** How long one transaction of the hidden writing should hold the write lock (1 s). */
  lockMs?: number;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** A dry run's list of what would change: each product by SKU, and for an update its changed fields. */
  changes?: ImportChange[];
}

async function writeStaged(db: Database, storeId: string, staging: CatalogueStaging, options: ImportOptions) {
  const { table, staged } = staging;
  const onWritten = options.onWritten;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const inAdvance = staging.counts.created > SHOWN_AT_ONCE;
  let hiddenThrough = 0;
  try {
    if (inAdvance) {
      const base = await lastPosition(db, storeId);
      // Sized by time, so each transaction holds the lock about lockMs on any machine.
      let size = 2000;
      while (hiddenThrough < staged) {
        const from = hiddenThrough;
        const to = Math.min(staged, from + size);
        const started = performance.now();
        await writeTransaction(db, (trx) => insertNew(trx, storeId, table, base, from, to, true));
        const ms = performance.now() - started;
        hiddenThrough = to;
        onWritten?.(hiddenThrough);
        size = Math.max(500, Math.min(20_000, Math.round((size * (options.lockMs ?? LOCK_MS)) / Math.max(ms, 1))));
        // SQLite's waiting writers look again every 100 ms at most: leave them a gap longer than that.
        if (sqlite && hiddenThrough < staged) await new Promise((resolve) => setTimeout(resolve, 120));
      }
    }
    await writeTransaction(db, async (trx) => {
      const base = inAdvance ? 0 : await lastPosition(trx, storeId);
      for (let from = 0; from < staged; from += SET_BATCH) {
        const to = Math.min(staged, from + SET_BATCH);
        if (inAdvance) await show(trx, table, from, to);
        else await insertNew(trx, storeId, table, base, from, to, false);
        await update(trx, table, from, to);
        onWritten?.(to);
      }
      await catalogueChanged(trx, storeId);
    });
  } catch (error) {
    if (hiddenThrough > 0) await removeHidden(db, table, hiddenThrough).catch(() => {});
    throw error;
  }
}

const lastPosition = async (db: Database, storeId: string): Promise<number> => {
  const last = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return Number(last?.position ?? 0);
};

const WRITTEN = PRODUCT_COLUMNS.filter((column) => column !== 'hidden');
const list = (columns: readonly string[], prefix = '') => sql.raw(columns.map((column) => prefix + column).join(', '));

/** The staged new products with seq in (from, to], hidden until `show` when `hidden`. */
async function insertNew(
  trx: Database,
  storeId: string,
  table: CatalogueStaging['table'],
  base: number,
  from: number,
  to: number,
  hidden: boolean,
): Promise<void> {
  await sql`insert into products (id, store_id, created_at, position, hidden, ${list(WRITTEN)})
    select id, ${storeId}, updated_at, cast(${base} as bigint) + new_position, ${hidden ? sql.lit(1) : sql.raw('hidden')},
      ${list(WRITTEN)}
    from ${table} where is_new = 1 and seq > ${from} and seq <= ${to}`.execute(trx);
}

/** Shows the new products written hidden ahead (those the file does not hide itself). */
async function show(trx: Database, table: CatalogueStaging['table'], from: number, to: number): Promise<void> {
  await sql`update products set hidden = 0 where id in (
    select id from ${table} where is_new = 1 and hidden = 0 and seq > ${from} and seq <= ${to})`.execute(trx);
}

const PLAIN = PRODUCT_COLUMNS.filter(
  (column) => column !== 'attributes_json' && !(TEXT_COLUMNS as readonly string[]).includes(column),
);

/** The staged updates with seq in (from, to]: the search words and specifications only where they changed. */
async function update(trx: Database, table: CatalogueStaging['table'], from: number, to: number): Promise<void> {
  const set = (columns: readonly string[]) => sql.raw(columns.map((column) => `${column} = s.${column}`).join(', '));
  const where = sql`p.id = s.id and s.is_new = 0 and s.seq > ${from} and s.seq <= ${to}`;
  await sql`update products as p set ${set(PLAIN)} from ${table} as s where ${where}`.execute(trx);
  await sql`update products as p set ${set(TEXT_COLUMNS)} from ${table} as s where ${where} and s.text_changed = 1`.execute(
    trx,
  );
  await sql`update products as p set attributes_json = s.attributes_json from ${table} as s
    where ${where} and s.attributes_changed = 1`.execute(trx);
}

/** After a failure: the new products written hidden so far are deleted, as if the import never began. */
async function removeHidden(db: Database, table: CatalogueStaging['table'], through: number): Promise<void> {
  for (let from = 0; from < through; from += SET_BATCH) {
    await writeTransaction(db, (trx) =>
      sql`delete from products where hidden = 1 and id in (
        select id from ${table} where is_new = 1 and seq > ${from} and seq <= ${Math.min(through, from + SET_BATCH)})`.execute(
        trx,
      ),
    );
  }
}

/** The store's products in the catalogue's order, a batch at a time, by keyset (position, id). */
export async function* batchesOf(db: Database, storeId: string, batchSize: number): AsyncGenerator<ProductRow[]> {
  let after: { position: number; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom('products').selectAll().where('store_id', '=', storeId);
    if (after) {
      const { position, id } = after;
      query = query.where((eb) =>
        eb.or([eb('position', '>', position), eb.and([eb('position', '=', position), eb('id', '>', id)])]),
      );
    }
    const rows = await query.orderBy('position').orderBy('id').limit(batchSize).execute();
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { position: Number(last.position), id: last.id };
  }
}

/** Up to this many new products are written and shown in the one last transaction. */
const SHOWN_AT_ONCE = 2000;
/** Rows per statement of the last transaction. */
const SET_BATCH = 5000;
const LOCK_MS = 1000;
/** Imports that write at least this many rows tidy the table afterwards (see tidyAfterBulkWrite). */
const BULK_WRITE = 1000;
