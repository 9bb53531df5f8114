import { createHash } from 'node:crypto';
import type { Database, NewProduct, ProductRow } from '../../db/schema.js';
import { tidyAfterBulkWrite, writeTransaction } from '../../db/transaction.js';
import { newId, nowIso } from '../../shared/ids.js';
import { catalogueChanged } from './catalog-version.js';
import { type ProductColumns, type ProductInput, productColumns } from './product-row.js';

/**
 * Creates or updates many products by SKU in one transaction: all of them or none. New
 * products join the end of the catalogue in the order given; products whose fields are all
 * the same are left untouched. The work is planned before the transaction, so the write lock
 * is held only while rows are written. `onWritten` hears how many have been written so far; a
 * dry run writes everything, counts, and rolls back.
 */
export async function importProducts(
  db: Database,
  storeId: string,
  inputs: ProductInput[],
  options: { dryRun?: boolean; onWritten?: (done: number) => void } = {},
): Promise<ImportCounts> {
  const onWritten = options.onWritten;
  // What is there already, as fingerprints: a large catalogue's rows never sit in memory whole.
  // SKUs match whatever their case: 'nk-lan-001' in a file updates NK-LAN-001, keeping its spelling.
  const bySku = new Map<string, { id: string; sku: string; fingerprint: string }>();
  for await (const rows of batchesOf(db, storeId, 2000)) {
    for (const row of rows)
      bySku.set(row.sku.toLowerCase(), { id: row.id, sku: row.sku, fingerprint: fingerprintOf(row) });
  }
  const now = nowIso();
  const inserts: Omit<NewProduct, 'position'>[] = [];
  const updates: { id: string; columns: ProductColumns }[] = [];
  for (const input of inputs) {
    const row = bySku.get(input.sku.toLowerCase());
    const columns = productColumns(row ? { ...input, sku: row.sku } : input, now);
    if (!row) inserts.push({ id: newId(), store_id: storeId, created_at: now, ...columns });
    else if (fingerprintOf(columns) !== row.fingerprint) updates.push({ id: row.id, columns });
  }
  const counts: ImportCounts = {
    created: inserts.length,
    updated: updates.length,
    unchanged: inputs.length - inserts.length - updates.length,
    ...(options.dryRun ? { changes: await describeChanges(db, inserts, updates) } : {}),
  };

  try {
    await writeTransaction(db, async (trx) => {
      const last = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      const base = Number(last?.position ?? 0);
      let written = 0;
      for (let start = 0; start < inserts.length; start += INSERT_BATCH) {
        const batch = inserts
          .slice(start, start + INSERT_BATCH)
          .map((row, index) => ({ ...row, position: base + start + index + 1 }));
        await trx.insertInto('products').values(batch).execute();
        written += batch.length;
        onWritten?.(written);
      }
      for (const update of updates) {
        await trx.updateTable('products').set(update.columns).where('id', '=', update.id).execute();
        written += 1;
        if (written % INSERT_BATCH === 0) onWritten?.(written);
      }
      onWritten?.(written);
      if (options.dryRun) throw new DryRunRollback(counts);
      if (written) await catalogueChanged(trx, storeId);
    });
    if (inserts.length + updates.length >= BULK_WRITE) await tidyAfterBulkWrite(db, 'products');
    return counts;
  } catch (error) {
    if (error instanceof DryRunRollback) return error.counts;
    throw error;
  }
}

/** For a dry run: the new SKUs, and for each update the fields (as the file names them) that differ. */
async function describeChanges(
  db: Database,
  inserts: { sku: string }[],
  updates: { id: string; columns: ProductColumns }[],
): Promise<ImportChange[]> {
  const changes: ImportChange[] = inserts.map((row) => ({ sku: row.sku, change: 'new', fields: [] }));
  for (let start = 0; start < updates.length; start += INSERT_BATCH) {
    const batch = updates.slice(start, start + INSERT_BATCH);
    const current = await db
      .selectFrom('products')
      .selectAll()
      .where(
        'id',
        'in',
        batch.map((update) => update.id),
      )
      .execute();
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const update of batch) {
      const row = byId.get(update.id);
      if (!row) continue;
      const fields = FINGERPRINTED.filter(
        (column) => String(row[column] ?? '') !== String(update.columns[column] ?? ''),
      ).map((column) => FILE_FIELD_OF[column]);
      changes.push({ sku: update.columns.sku, change: 'update', fields: [...new Set(fields)] });
    }
  }
  return changes;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** A dry run's list of what would change: each product by SKU, and for an update its changed fields. */
  changes?: ImportChange[];
}

export interface ImportChange {
  sku: string;
  change: 'new' | 'update';
  fields: string[];
}

/** Thrown out of a dry run's transaction so that everything it wrote is rolled back. */
class DryRunRollback extends Error {
  constructor(readonly counts: ImportCounts) {
    super('dry run');
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

/** Rows per INSERT: 23 columns each stays far below SQLite's and PostgreSQL's limits on parameters. */
const INSERT_BATCH = 500;
/** Imports that write at least this many rows tidy the table afterwards (see tidyAfterBulkWrite). */
const BULK_WRITE = 1000;

const FINGERPRINTED = [
  'sku',
  'title',
  'description',
  'category',
  'parent_category',
  'gender',
  'regular_price',
  'discounted_price',
  'stock',
  'hidden',
  'img_url',
  'images_json',
  'attributes_json',
  'hsn',
  'gst_rate',
  'mrp',
  'country_of_origin',
  'manufacturer',
  'importer',
  'net_quantity',
] as const satisfies readonly (keyof ProductColumns)[];

/** Each fingerprinted column by the name a catalogue file gives it. */
const FILE_FIELD_OF: Record<(typeof FINGERPRINTED)[number], string> = {
  sku: 'sku',
  title: 'title',
  description: 'description',
  category: 'category',
  parent_category: 'parentCategory',
  gender: 'gender',
  regular_price: 'regularPrice',
  discounted_price: 'discountedPrice',
  stock: 'stock',
  hidden: 'hidden',
  img_url: 'images',
  images_json: 'images',
  attributes_json: 'attributes',
  hsn: 'hsn',
  gst_rate: 'gstRate',
  mrp: 'mrp',
  country_of_origin: 'countryOfOrigin',
  manufacturer: 'manufacturer',
  importer: 'importer',
  net_quantity: 'netQuantity',
};

/** A digest of what the merchant controls: equal when an import would change nothing. */
function fingerprintOf(product: Pick<ProductColumns, (typeof FINGERPRINTED)[number]>): string {
  const hash = createHash('sha1');
  for (const column of FINGERPRINTED)
    hash.update(`${product[column] === null ? '\u0001' : String(product[column])}\u0000`);
  return hash.digest('base64');
}
