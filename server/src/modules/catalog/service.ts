import { createHash } from 'node:crypto';
import {
  isFeatured,
  type Product,
  type ProductAttribute,
  type ProductImage,
  type ProductListQuery,
  STALE_PRODUCT,
  type Suggestion,
  stockMoved,
} from '@store/contract';
import type { Database, NewProduct, ProductRow } from '../../db/schema.js';
import { tidyAfterBulkWrite, writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../http/ids.js';
import { toPaise, toRupees } from '../../http/money.js';
import { catalogueChanged } from './catalog-version.js';
import { Listing, type ListingStore, type ProductListFilters, type ProductListing } from './listing.js';
import { Searcher } from './search/searcher.js';
import { searchColumns } from './search/text.js';
import { type WordsOrSku, wordsOrSku } from './search/words-or-sku.js';

export type { ProductListFilters };

/** What the catalogue needs to create or update a product (prices in rupees). */
export interface ProductInput {
  sku: string;
  title: string;
  description: string;
  category: string;
  parentCategory: string | null;
  gender: string | null;
  regularPrice: number;
  discountedPrice: number | null;
  stock: number;
  hidden?: boolean;
  images: ProductImage[];
  attributes: Omit<ProductAttribute, 'id'>[];
  /** Legal particulars; left out, none (mrp in rupees, tax inclusive). */
  hsn?: string | null;
  gstRate?: number | null;
  mrp?: number | null;
  countryOfOrigin?: string | null;
  manufacturer?: string | null;
  importer?: string | null;
  netQuantity?: string | null;
}

const lowerOrNull = (value: string | null) => (value ? value.toLowerCase() : null);

export { isFeatured };

export class CatalogService {
  private readonly listing: Listing;
  private readonly searcher: Searcher;

  constructor(private readonly db: Database) {
    this.searcher = new Searcher(db);
    this.listing = new Listing(db, this.searcher);
  }

  /** The storefront's listing: filters, search, sorts and facets (see listing.ts). */
  list(storeId: string, filters: ProductListFilters, store: ListingStore = {}): Promise<ProductListing> {
    return this.listing.list(storeId, filters, store);
  }

  suggest(storeId: string, text: string): Promise<Suggestion[]> {
    return this.listing.suggest(storeId, text);
  }

  /** The back office's search: every word of the title, category or specifications, or the SKU's start. */
  wordsOrSku(storeId: string, text: string): WordsOrSku | undefined {
    return wordsOrSku(this.db, this.searcher, storeId, text);
  }

  async get(storeId: string, id: string): Promise<ProductRow | undefined> {
    return this.db
      .selectFrom('products')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where('hidden', '=', 0)
      .executeTakeFirst();
  }

  /**
   * Every product of the store, hidden ones too, in the catalogue's order, a batch at a time
   * (for exports: a large catalogue never sits in memory whole).
   */
  listAllInBatches(storeId: string, batchSize = 1000): AsyncGenerator<ProductRow[]> {
    return batchesOf(this.db, storeId, batchSize);
  }

  /** Sets one product's stock or visibility by SKU (in any case); false when no product has that SKU. */
  async updateBySku(storeId: string, sku: string, change: { stock?: number; hidden?: boolean }): Promise<boolean> {
    const found = await this.findSku(storeId, sku);
    if (!found) return false;
    await writeTransaction(this.db, async (trx) => {
      await trx
        .updateTable('products')
        .set({
          ...(change.stock !== undefined ? { stock: change.stock } : {}),
          ...(change.hidden !== undefined ? { hidden: change.hidden ? 1 : 0 } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', found.id)
        .execute();
      await catalogueChanged(trx, storeId);
    });
    return true;
  }

  /** A product of the store, hidden or not (the back office sees them all). */
  async getAny(storeId: string, id: string, db: Database = this.db): Promise<ProductRow | undefined> {
    return db
      .selectFrom('products')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Adds one product at the end of the catalogue; its SKU must be new to the store, whatever its case. */
  async createOne(
    storeId: string,
    input: ProductInput,
    within?: (trx: Database, created: ProductRow) => Promise<void>,
  ): Promise<ProductRow> {
    return writeTransaction(this.db, async (trx) => {
      await refuseTakenSku(trx, storeId, input.sku);
      const last = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      const now = nowIso();
      const row: ProductRow = {
        id: newId(),
        store_id: storeId,
        created_at: now,
        position: Number(last?.position ?? 0) + 1,
        ...productColumns(input, now),
      };
      await trx.insertInto('products').values(row).execute();
      await within?.(trx, row);
      await catalogueChanged(trx, storeId);
      return row;
    });
  }

  /**
   * Replaces one product's fields, refusing when it changed since the editor opened it
   * (`updatedAt`). Stock moves with every order: a stock the editor left as it was
   * (`stockSeen`) keeps today's, and a stock they changed is refused if it moved meanwhile.
   */
  async updateOne(
    storeId: string,
    id: string,
    input: ProductInput,
    guard: { updatedAt?: string; stockSeen?: number },
    within?: (trx: Database, before: ProductRow, after: ProductRow) => Promise<void>,
  ): Promise<ProductRow> {
    return writeTransaction(this.db, async (trx) => {
      const before = await this.getAny(storeId, id, trx);
      if (!before) throw notFound(PRODUCT_NOT_FOUND);
      if (guard.updatedAt !== undefined && before.updated_at !== guard.updatedAt) throw conflict(STALE_PRODUCT);
      let stock = input.stock;
      if (guard.stockSeen !== undefined) {
        if (input.stock === guard.stockSeen) stock = before.stock;
        else if (before.stock !== guard.stockSeen) throw new HttpError(409, stockMoved(before.stock), {}, 'stock');
      }
      if (input.sku.toLowerCase() !== before.sku.toLowerCase()) await refuseTakenSku(trx, storeId, input.sku);
      const columns = productColumns({ ...input, stock }, nowIso());
      await trx.updateTable('products').set(columns).where('id', '=', before.id).execute();
      const after = { ...before, ...columns };
      await within?.(trx, before, after);
      await catalogueChanged(trx, storeId);
      return after;
    });
  }

  /** Sets the stock the editor saw change from `stockSeen`; refused when orders moved it meanwhile. */
  async setStock(
    storeId: string,
    id: string,
    change: { stock: number; stockSeen: number },
    within?: (trx: Database, before: ProductRow, after: ProductRow) => Promise<void>,
  ): Promise<ProductRow> {
    return writeTransaction(this.db, async (trx) => {
      const before = await this.getAny(storeId, id, trx);
      if (!before) throw notFound(PRODUCT_NOT_FOUND);
      if (before.stock !== change.stockSeen) throw new HttpError(409, stockMoved(before.stock), {}, 'stock');
      const columns = { stock: change.stock, updated_at: nowIso() };
      const updated = await trx
        .updateTable('products')
        .set(columns)
        .where('id', '=', before.id)
        .where('stock', '=', change.stockSeen)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, stockMoved(before.stock), {}, 'stock');
      const after = { ...before, ...columns };
      await within?.(trx, before, after);
      await catalogueChanged(trx, storeId);
      return after;
    });
  }

  /** The product with this SKU, matched whatever its case (merchants type nk-lan-001 for NK-LAN-001). */
  async findSku(storeId: string, sku: string): Promise<{ id: string; sku: string } | undefined> {
    const exact = await this.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('store_id', '=', storeId)
      .where('sku', '=', sku)
      .executeTakeFirst();
    if (exact) return exact;
    return this.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('store_id', '=', storeId)
      .where((eb) => eb(eb.fn('lower', ['sku']), '=', sku.toLowerCase()))
      .executeTakeFirst();
  }

  /** The categories the store's products are in now, each once, as spelled. */
  async categories(storeId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('category')
      .distinct()
      .where('store_id', '=', storeId)
      .execute();
    return rows.map((row) => row.category);
  }

  /**
   * Deletes the products with these SKUs that no order refers to; an ordered product stays for
   * its orders' sake, and is hidden instead when `hideOrdered` is set. One transaction.
   */
  async deleteBySkus(
    storeId: string,
    skus: string[],
    options: { hideOrdered: boolean },
  ): Promise<{ deleted: string[]; hidden: string[]; ordered: string[]; missing: string[] }> {
    return writeTransaction(this.db, async (trx) => {
      const found = skus.length
        ? await trx
            .selectFrom('products')
            .select(['id', 'sku'])
            .where('store_id', '=', storeId)
            .where('sku', 'in', skus)
            .execute()
        : [];
      const ids = found.map((product) => product.id);
      const orderedIds = new Set(
        ids.length
          ? (
              await trx
                .selectFrom('order_items')
                .select('product_id')
                .distinct()
                .where('product_id', 'in', ids)
                .execute()
            ).map((item) => item.product_id)
          : [],
      );
      const free = found.filter((product) => !orderedIds.has(product.id));
      const ordered = found.filter((product) => orderedIds.has(product.id));
      if (free.length) {
        await trx
          .deleteFrom('products')
          .where(
            'id',
            'in',
            free.map((product) => product.id),
          )
          .execute();
      }
      if (options.hideOrdered && ordered.length) {
        await trx
          .updateTable('products')
          .set({ hidden: 1, updated_at: nowIso() })
          .where(
            'id',
            'in',
            ordered.map((product) => product.id),
          )
          .execute();
      }
      if (free.length || (options.hideOrdered && ordered.length)) await catalogueChanged(trx, storeId);
      const foundSkus = new Set(found.map((product) => product.sku));
      return {
        deleted: free.map((product) => product.sku),
        hidden: options.hideOrdered ? ordered.map((product) => product.sku) : [],
        ordered: ordered.map((product) => product.sku),
        missing: skus.filter((sku) => !foundSkus.has(sku)),
      };
    });
  }

  /**
   * Creates or updates many products by SKU in one transaction: all of them or none. New
   * products join the end of the catalogue in the order given; products whose fields are all
   * the same are left untouched. The work is planned before the transaction, so the write lock
   * is held only while rows are written. `onWritten` hears how many have been written so far; a
   * dry run writes everything, counts, and rolls back.
   */
  async importMany(
    storeId: string,
    inputs: ProductInput[],
    options: { dryRun?: boolean; onWritten?: (done: number) => void } = {},
  ): Promise<ImportCounts> {
    const onWritten = options.onWritten;
    // What is there already, as fingerprints: a large catalogue's rows never sit in memory whole.
    // SKUs match whatever their case: 'nk-lan-001' in a file updates NK-LAN-001, keeping its spelling.
    const bySku = new Map<string, { id: string; sku: string; fingerprint: string }>();
    for await (const rows of batchesOf(this.db, storeId, 2000)) {
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
      ...(options.dryRun ? { changes: await this.describeChanges(inserts, updates) } : {}),
    };

    try {
      await writeTransaction(this.db, async (trx) => {
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
      if (inserts.length + updates.length >= BULK_WRITE) await tidyAfterBulkWrite(this.db, 'products');
      return counts;
    } catch (error) {
      if (error instanceof DryRunRollback) return error.counts;
      throw error;
    }
  }

  /** For a dry run: the new SKUs, and for each update the fields (as the file names them) that differ. */
  private async describeChanges(
    inserts: { sku: string }[],
    updates: { id: string; columns: ProductColumns }[],
  ): Promise<ImportChange[]> {
    const changes: ImportChange[] = inserts.map((row) => ({ sku: row.sku, change: 'new', fields: [] }));
    for (let start = 0; start < updates.length; start += INSERT_BATCH) {
      const batch = updates.slice(start, start + INSERT_BATCH);
      const current = await this.db
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

export const PRODUCT_NOT_FOUND = 'Product not found.';

async function refuseTakenSku(db: Database, storeId: string, sku: string): Promise<void> {
  const taken = await db
    .selectFrom('products')
    .select('sku')
    .where('store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['sku']), '=', sku.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw new HttpError(409, `Another product has the SKU ${taken.sku}.`, {}, 'sku');
}

/** The store's products in the catalogue's order, a batch at a time, by keyset (position, id). */
async function* batchesOf(db: Database, storeId: string, batchSize: number): AsyncGenerator<ProductRow[]> {
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

type ProductColumns = ReturnType<typeof productColumns>;

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

function productColumns(input: ProductInput, now: string) {
  const regular = toPaise(input.regularPrice);
  const discounted = input.discountedPrice === null ? null : toPaise(input.discountedPrice);
  return {
    ...searchColumns(input),
    effective_price: discounted ?? regular,
    discount_bp: discounted === null || regular <= 0 ? 0 : Math.floor(((regular - discounted) * 10000) / regular),
    sku: input.sku,
    title: input.title,
    description: input.description,
    category: input.category,
    category_key: input.category.toLowerCase(),
    parent_category: input.parentCategory,
    parent_category_key: lowerOrNull(input.parentCategory),
    gender: input.gender,
    gender_key: lowerOrNull(input.gender),
    regular_price: regular,
    discounted_price: discounted,
    stock: input.stock,
    hidden: input.hidden ? 1 : 0,
    featured: isFeatured(input.attributes) ? 1 : 0,
    img_url: input.images[0]?.url ?? '',
    images_json: JSON.stringify(input.images),
    attributes_json: JSON.stringify(input.attributes),
    hsn: input.hsn ?? null,
    gst_rate: input.gstRate ?? null,
    mrp: input.mrp == null ? null : toPaise(input.mrp),
    country_of_origin: input.countryOfOrigin ?? null,
    manufacturer: input.manufacturer ?? null,
    importer: input.importer ?? null,
    net_quantity: input.netQuantity ?? null,
    updated_at: now,
  };
}

export function toProduct(row: ProductRow): Product {
  const attributes = JSON.parse(row.attributes_json) as Omit<ProductAttribute, 'id'>[];
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    description: row.description,
    imgUrl: row.img_url,
    category: row.category,
    parentCategory: row.parent_category,
    gender: row.gender,
    regularPrice: toRupees(Number(row.regular_price)),
    discountedPrice: row.discounted_price === null ? null : toRupees(Number(row.discounted_price)),
    stock: row.stock,
    createdAt: row.created_at,
    images: JSON.parse(row.images_json) as ProductImage[],
    attributes: attributes.map((attribute, index) => ({
      id: `${row.id.slice(0, 8)}-${index + 1}`,
      key: attribute.key,
      value: attribute.value,
      metricUnit: attribute.metricUnit ?? null,
    })),
    hsn: row.hsn,
    gstRate: row.gst_rate === null ? null : Number(row.gst_rate),
    mrp: row.mrp === null ? null : toRupees(Number(row.mrp)),
    countryOfOrigin: row.country_of_origin,
    manufacturer: row.manufacturer,
    importer: row.importer,
    netQuantity: row.net_quantity,
  };
}

export type { ProductListQuery };
