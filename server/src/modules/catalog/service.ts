import {
  type AdminProductListQuery,
  type CategoriesResponse,
  type ProductListQuery,
  type ProductOption,
  type ProductRecord,
  productCode,
  productCodeOf,
  productSlug,
  STALE_PRODUCT,
  type Suggestion,
  stockMoved,
} from '@netkart/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database, ProductRow, ProductVariantRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { catalogueChanged } from '../stores/versions.js';
import { type DeletedProducts, deleteProducts, type OrderedAmong } from './delete-products.js';
import {
  batchesOf,
  type CatalogueProblem,
  type ImportCounts,
  type ImportOptions,
  importProducts,
  type PreparedRows,
  rowToRecord,
  type VariantGroup,
  variantRecordsOf,
} from './import/index.js';
import {
  type HindiNameKind,
  type HindiNames,
  hindiNamesOf,
  listHindiNames,
  nameIn,
  type ShopLanguage,
  setHindiNames,
  suggestionsIn,
} from './language.js';
import { Listing, type ListingStore, type ProductListFilters, type ProductListing } from './listing.js';
import { type LowStock, lowStockOf } from './low-stock.js';
import { type ProductInput, productColumns } from './product-row.js';
import { Searcher } from './search/searcher.js';
import { type WordsOrSku, wordsOrSku } from './search/words-or-sku.js';
import { shownOnly } from './shown.js';
import { type StaffListStore, StaffProductList, type StaffProductPage } from './staff-list.js';
import { returnStock, type StockLine } from './stock.js';
import {
  keepProductsToTheirVariants,
  pricesVaryAmong,
  replaceVariants,
  skusTakenElsewhere,
  type VariantInput,
  variantsOf,
} from './variants.js';
import { followLists, hasLists, makeVariantsFromLists, rowHasLists } from './variants-from-lists.js';

export type { OrderedAmong, ProductListFilters };

/**
 * Heard in the transaction of every write that may have raised a product's stock (the back office,
 * `store products`, an import, a received return): the "Notify me" wishes look for products back.
 */
export type StockMayBeBack = (trx: Database, storeId: string) => Promise<void>;

export class CatalogService {
  private readonly listing: Listing;
  private readonly searcher: Searcher;
  private readonly staffList: StaffProductList;

  constructor(
    private readonly db: Database,
    /** Which of these products some order holds (the orders module's answer), in the caller's transaction. */
    private readonly orderedAmong?: OrderedAmong,
    /** Set once by the wiring (the notices are built on the catalogue): see StockMayBeBack. */
    public stockMayBeBack: StockMayBeBack = async () => {},
  ) {
    this.searcher = new Searcher(db);
    this.listing = new Listing(db, this.searcher);
    this.staffList = new StaffProductList(
      db,
      (storeId, text) => this.wordsOrSku(storeId, text),
      (storeId) => this.categories(storeId),
    );
  }

  /** The back office's list: every product, hidden ones too, searched and filtered (see staff-list.ts). */
  listForStaff(store: StaffListStore, query: z.output<typeof AdminProductListQuery>): Promise<StaffProductPage> {
    return this.staffList.page(store, query);
  }

  /** Goods that came back (a received return) go on the shelf again, in the caller's transaction. */
  async restock(trx: Database, storeId: string, lines: StockLine[]): Promise<void> {
    await returnStock(trx, storeId, lines);
    await this.stockMayBeBack(trx, storeId);
  }

  /** Which of these products are shown and in stock now, with their names (English and Hindi), in the caller's transaction. */
  inStockAmong(
    trx: Database,
    storeId: string,
    productIds: string[],
  ): Promise<Pick<ProductRow, 'id' | 'title' | 'title_hi'>[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('products')
      .select(['id', 'title', 'title_hi'])
      .where('store_id', '=', storeId)
      .where(shownOnly())
      .where('stock', '>', 0)
      .where('id', 'in', productIds)
      .execute();
  }

  /** The variants in stock, with their product's titles (English and Hindi), among these products' that are on sale, in the caller's transaction. */
  variantsInStockAmong(
    trx: Database,
    storeId: string,
    productIds: string[],
  ): Promise<
    (Pick<ProductVariantRow, 'product_id' | 'sku' | 'option1' | 'option2' | 'option3'> &
      Pick<ProductRow, 'title' | 'title_hi'>)[]
  > {
    if (productIds.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('product_variants as v')
      .innerJoin('products', 'products.id', 'v.product_id')
      .select(['v.product_id', 'v.sku', 'v.option1', 'v.option2', 'v.option3', 'products.title', 'products.title_hi'])
      .where('v.store_id', '=', storeId)
      .where('products.store_id', '=', storeId)
      .where(shownOnly())
      .where('v.stock', '>', 0)
      .where('v.product_id', 'in', productIds)
      .execute();
  }

  /** Products on sale at or below the store's low-stock line, `listed` of them at most; `db` may be a transaction. */
  lowStock(storeId: string, threshold: number, listed: number, db: Database = this.db): Promise<LowStock> {
    return lowStockOf(db, storeId, threshold, listed);
  }

  /** How many products the storefront shows (the sitemap's files). */
  async countShown(storeId: string): Promise<number> {
    const { total } = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('store_id', '=', storeId)
      .where(shownOnly())
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** A page of the shown products' ids and change times, in the catalogue's order (a sitemap file). */
  shownPage(
    storeId: string,
    page: { offset: number; limit: number },
  ): Promise<Pick<ProductRow, 'id' | 'title' | 'updated_at'>[]> {
    return this.db
      .selectFrom('products')
      .select(['id', 'title', 'updated_at'])
      .where('store_id', '=', storeId)
      .where(shownOnly())
      .orderBy('position')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** The storefront's listing: filters, search, sorts and facets (see listing.ts). */
  list(storeId: string, filters: ProductListFilters, store: ListingStore = {}): Promise<ProductListing> {
    return this.listing.list(storeId, filters, store);
  }

  /** Up to eight things to go to as the shopper types, named in the language (see suggestions.ts). */
  async suggest(
    storeId: string,
    text: string,
    language: ShopLanguage = 'en',
    synonyms: string[][] = [],
  ): Promise<Suggestion[]> {
    const names = await this.hindiNames(storeId, language);
    const suggestions = await this.listing.suggest(storeId, text, language, synonyms, names);
    return suggestionsIn(suggestions, names, language);
  }

  /** The Hindi names of the store's categories, types and specifications (none read for English). */
  hindiNames(storeId: string, language: ShopLanguage): Promise<HindiNames> {
    return hindiNamesOf(this.db, storeId, language);
  }

  /** The Hindi names of one kind the merchant gave, for the back office. */
  listHindiNames(storeId: string, kind: HindiNameKind): Promise<{ name: string; titleHi: string }[]> {
    return listHindiNames(this.db, storeId, kind);
  }

  /** Sets (or, empty, removes) Hindi names of categories and types, or of specifications. */
  setHindiNames(
    storeId: string,
    kind: HindiNameKind,
    names: { name: string; titleHi: string | null }[],
  ): Promise<void> {
    return setHindiNames(this.db, storeId, kind, names);
  }

  /** The categories and types the storefront shows, each named in the language. */
  async shownCategories(storeId: string, language: ShopLanguage): Promise<CategoriesResponse> {
    const rows = await this.db
      .selectFrom('products')
      .select(['category', 'parent_category'])
      .distinct()
      .where('store_id', '=', storeId)
      .where(shownOnly())
      .execute();
    const names = await this.hindiNames(storeId, language);
    const named = (values: string[]) =>
      [...new Set(values)]
        .sort((a, b) => a.localeCompare(b))
        .map((name) => ({ name, label: nameIn(name, names, language) }));
    return {
      categories: named(rows.map((row) => row.category)),
      types: named(rows.flatMap((row) => (row.parent_category ? [row.parent_category] : []))),
    };
  }

  /** The back office's search: every word of the title, category or specifications, or the SKU's start. */
  wordsOrSku(storeId: string, text: string): WordsOrSku | undefined {
    return wordsOrSku(this.db, this.searcher, storeId, text);
  }

  /** A visible product by its id, or by its readable address ('{slug}-{code}', see contract/src/product-address.ts). */
  async get(storeId: string, idOrAddress: string): Promise<ProductRow | undefined> {
    const byId = await this.db
      .selectFrom('products')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', idOrAddress)
      .where(shownOnly())
      .executeTakeFirst();
    return byId ?? this.atAddress(storeId, idOrAddress);
  }

  /**
   * The visible product an address names: its code decides, whatever the slug (a renamed
   * product's old address still finds it). Two products whose ids hash to one code (about one
   * store in two thousand of a million products) are told apart by the slug, then the older wins.
   */
  private async atAddress(storeId: string, address: string): Promise<ProductRow | undefined> {
    const code = productCodeOf(address);
    if (!code) return undefined;
    const found = await this.db
      .selectFrom('products')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('address_code', '=', code)
      .where(shownOnly())
      .orderBy('created_at')
      .orderBy('id')
      .limit(20)
      .execute();
    const slug = address.slice(0, -code.length).replace(/-$/, '').toLowerCase();
    return found.find((row) => productSlug(row.title) === slug) ?? found[0];
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
      if (change.stock !== undefined) await refuseStockOfVariants(trx, found.id);
      await trx
        .updateTable('products')
        .set({
          ...(change.stock !== undefined ? { stock: change.stock } : {}),
          ...(change.hidden !== undefined ? { hidden: change.hidden ? 1 : 0 } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', found.id)
        .execute();
      await this.stockMayBeBack(trx, storeId);
      await catalogueChanged(trx, storeId);
    });
    return true;
  }

  /**
   * Moves a product's kept rating by one approved review (`sign` 1) or back (`sign` -1), in the
   * caller's transaction: the cards and the page read it without counting reviews. `sign` 0 only
   * says the shown reviews changed (a reply), so kept answers are read afresh.
   */
  async moveRating(trx: Database, storeId: string, productId: string, stars: number, sign: 1 | -1 | 0): Promise<void> {
    await trx
      .updateTable('products')
      .set((eb) => ({
        rating_count: sql<number>`coalesce(${eb.ref('rating_count')}, 0) + ${sign}`,
        rating_sum: sql<number>`coalesce(${eb.ref('rating_sum')}, 0) + ${sign * stars}`,
      }))
      .where('store_id', '=', storeId)
      .where('id', '=', productId)
      .execute();
    await catalogueChanged(trx, storeId);
  }

  /** A product's variants in order (none: it is its own one variant). */
  variantsOf(storeId: string, productId: string, db: Database = this.db): Promise<ProductVariantRow[]> {
    return variantsOf(db, storeId, [productId]);
  }

  /**
   * Replaces a product's options and variants (none: it is its own one variant again), its stock
   * and prices following them, in one transaction (the caller's when given).
   */
  async setVariants(
    storeId: string,
    productId: string,
    options: ProductOption[],
    variants: VariantInput[],
    trx?: Database,
  ): Promise<void> {
    const write = async (db: Database) => {
      await replaceVariants(db, storeId, productId, options, variants);
      await this.stockMayBeBack(db, storeId);
      await catalogueChanged(db, storeId);
    };
    if (trx) await write(trx);
    else await writeTransaction(this.db, write);
  }

  /**
   * Every product of the store as catalogue records, a batch at a time, each product's variants
   * right after it (parentSku naming it): what an export writes.
   */
  async *recordsInBatches(storeId: string): AsyncGenerator<{ records: ProductRecord[]; products: number }> {
    for await (const rows of batchesOf(this.db, storeId, 1000)) {
      const variants = await variantsOf(
        this.db,
        storeId,
        rows.map((row) => row.id),
      );
      const records = rows.flatMap((row) => [
        rowToRecord(row),
        ...variantRecordsOf(
          row,
          variants.filter((variant) => variant.product_id === row.id),
        ),
      ]);
      yield { records, products: rows.length };
    }
  }

  /** Why an import's variants cannot be written, each with its line: a SKU another product of the store has. */
  async variantProblems(storeId: string, groups: VariantGroup[]): Promise<CatalogueProblem[]> {
    const problems: CatalogueProblem[] = [];
    for (const group of groups) {
      const parent = await this.findSku(storeId, group.parentSku);
      const taken = new Set(
        (
          await skusTakenElsewhere(
            this.db,
            storeId,
            group.variants.map((variant) => variant.sku),
            parent?.id ?? '',
          )
        ).map((sku) => sku.toLowerCase()),
      );
      for (const variant of group.variants) {
        if (taken.has(variant.sku.toLowerCase()))
          problems.push({ line: variant.line, message: `the SKU ${variant.sku} is another product's in the shop.` });
      }
    }
    return problems;
  }

  /**
   * Writes an import's variants, each product's replacing those it had (and setting its stock and
   * prices from them), in one transaction. Run after importMany, whose last step already had every
   * other product with variants read its stock and prices from them again.
   */
  async importVariants(storeId: string, groups: VariantGroup[]): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      for (const group of groups) {
        const parent = await this.findSku(storeId, group.parentSku, trx);
        if (!parent) continue;
        await replaceVariants(trx, storeId, parent.id, group.options, group.variants);
      }
      await this.stockMayBeBack(trx, storeId);
      await catalogueChanged(trx, storeId);
    });
  }

  /** Sets one variant's stock by its SKU (in any case), its product's sum with it; undefined when no variant has it. */
  async setVariantStock(
    storeId: string,
    sku: string,
    stock: number,
  ): Promise<{ sku: string; before: number } | undefined> {
    return writeTransaction(this.db, async (trx) => {
      const variant = await trx
        .selectFrom('product_variants')
        .select(['id', 'sku', 'product_id', 'stock'])
        .where('store_id', '=', storeId)
        .where((eb) => eb(eb.fn('lower', ['sku']), '=', sku.toLowerCase()))
        .executeTakeFirst();
      if (!variant) return undefined;
      await trx.updateTable('product_variants').set({ stock }).where('id', '=', variant.id).execute();
      await keepProductsToTheirVariants(trx, storeId, [variant.product_id]);
      await this.stockMayBeBack(trx, storeId);
      await catalogueChanged(trx, storeId);
      return { sku: variant.sku, before: Number(variant.stock) };
    });
  }

  /** Which of these products have variants that differ in price (their price reads "from ₹…"). */
  pricesVaryAmong(storeId: string, productIds: string[]): Promise<Set<string>> {
    return pricesVaryAmong(this.db, storeId, productIds);
  }

  /** A product with variants reads its stock and prices from them again, in the caller's transaction. */
  keepToVariants(trx: Database, storeId: string, productId: string): Promise<void> {
    return keepProductsToTheirVariants(trx, storeId, [productId]);
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
      const id = newId();
      const row: ProductRow = {
        id,
        address_code: productCode(id),
        store_id: storeId,
        created_at: now,
        position: Number(last?.position ?? 0) + 1,
        rating_count: null,
        rating_sum: null,
        options_json: '[]',
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
      // A form without the Hindi fields keeps the Hindi texts saved.
      const columns = productColumns(
        {
          ...input,
          stock,
          titleHi: input.titleHi === undefined ? before.title_hi : input.titleHi,
          descriptionHi: input.descriptionHi === undefined ? before.description_hi : input.descriptionHi,
        },
        nowIso(),
      );
      await trx.updateTable('products').set(columns).where('id', '=', before.id).execute();
      const after = { ...before, ...columns };
      await within?.(trx, before, after);
      await this.stockMayBeBack(trx, storeId);
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
      await refuseStockOfVariants(trx, before.id);
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
      await this.stockMayBeBack(trx, storeId);
      await catalogueChanged(trx, storeId);
      return after;
    });
  }

  /** The product with this SKU, matched whatever its case (merchants type nk-lan-001 for NK-LAN-001). */
  async findSku(
    storeId: string,
    sku: string,
    db: Database = this.db,
  ): Promise<{ id: string; sku: string } | undefined> {
    const exact = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('store_id', '=', storeId)
      .where('sku', '=', sku)
      .executeTakeFirst();
    if (exact) return exact;
    return db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('store_id', '=', storeId)
      .where((eb) => eb(eb.fn('lower', ['sku']), '=', sku.toLowerCase()))
      .executeTakeFirst();
  }

  /** Each of these products' category and parent category, lower-cased (a coupon limited to categories reads them). */
  async categoriesOf(storeId: string, productIds: string[], db: Database = this.db): Promise<Map<string, string[]>> {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('products')
      .select(['id', 'category_key', 'parent_category_key'])
      .where('store_id', '=', storeId)
      .where('id', 'in', productIds)
      .execute();
    return new Map(
      rows.map((row) => [row.id, [row.category_key, row.parent_category_key].filter((key): key is string => !!key)]),
    );
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
  async deleteBySkus(storeId: string, skus: string[], options: { hideOrdered: boolean }): Promise<DeletedProducts> {
    const orderedAmong = this.orderedAmong;
    if (!orderedAmong) throw new Error('The catalogue needs the orders to tell which products were ordered.');
    return writeTransaction(this.db, (trx) => deleteProducts(trx, storeId, skus, { ...options, orderedAmong }));
  }

  /**
   * Creates or updates many products by SKU: all of them or none (see import/). Batches may stream in.
   * Then each written product with size/colour lists and no variants gets its variants from them
   * (variants-from-lists.ts); a file's own variant rows, written after, replace them.
   */
  async importMany(
    storeId: string,
    inputs: ProductInput[] | AsyncIterable<ProductInput[] | PreparedRows>,
    options: ImportOptions = {},
  ): Promise<ImportCounts> {
    const withLists: string[] = [];
    const note = (batch: ProductInput[] | PreparedRows) => {
      if (Array.isArray(batch)) {
        for (const input of batch) if (hasLists(input.attributes)) withLists.push(input.sku.toLowerCase());
      } else {
        for (const made of batch.prepared) if (rowHasLists(made)) withLists.push(made.sku.toLowerCase());
      }
    };
    let noted: ProductInput[] | AsyncIterable<ProductInput[] | PreparedRows>;
    if (Array.isArray(inputs)) {
      note(inputs);
      noted = inputs;
    } else {
      const stream: AsyncIterable<ProductInput[] | PreparedRows> = inputs;
      noted = (async function* () {
        for await (const batch of stream) {
          note(batch);
          yield batch;
        }
      })();
    }
    const counts = await importProducts(this.db, storeId, noted, { ...options, afterUpdates: this.stockMayBeBack });
    if (!options.dryRun && counts.created + counts.updated > 0) await this.afterImport(storeId, withLists);
    return counts;
  }

  /**
   * After an import's products are in, in one transaction: the products with these SKUs (lower-cased)
   * that have size/colour lists and no variants get them, and every product with variants reads its
   * stock and prices from them again (a file's row for it, without variant rows, set its own).
   */
  private async afterImport(storeId: string, skus: string[]): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      await keepProductsToTheirVariants(trx, storeId);
      for (let start = 0; start < skus.length; start += 500) {
        const rows = await trx
          .selectFrom('products')
          .select('id')
          .where('store_id', '=', storeId)
          .where((eb) => eb(eb.fn('lower', ['sku']), 'in', skus.slice(start, start + 500)))
          .execute();
        await makeVariantsFromLists(
          trx,
          storeId,
          rows.map((row) => row.id),
        );
      }
      await catalogueChanged(trx, storeId);
    });
  }

  /** A saved product with size/colour lists and no variants gets them from its lists, in the caller's transaction; true when it did. */
  async variantsFromLists(trx: Database, storeId: string, productId: string): Promise<boolean> {
    return (await makeVariantsFromLists(trx, storeId, [productId])).length > 0;
  }

  /** A saved product's variants made from its lists follow the lists' changes, in the caller's transaction (variants-from-lists.ts). */
  followLists(trx: Database, storeId: string, productId: string): Promise<void> {
    return followLists(trx, storeId, productId);
  }
}

export const PRODUCT_NOT_FOUND = 'Product not found.';

/** A product with variants has their stock: each variant's is set on its own. */
async function refuseStockOfVariants(trx: Database, productId: string): Promise<void> {
  const variant = await trx
    .selectFrom('product_variants')
    .select('sku')
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (variant)
    throw new HttpError(
      409,
      `This product's stock is the sum of its variants': set each variant's stock (e.g. ${variant.sku}) instead.`,
      {},
      'stock',
    );
}

async function refuseTakenSku(db: Database, storeId: string, sku: string): Promise<void> {
  const taken = await db
    .selectFrom('products')
    .select('sku')
    .where('store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['sku']), '=', sku.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw new HttpError(409, `Another product has the SKU ${taken.sku}.`, {}, 'sku');
}

export type { ProductListQuery };
