import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductSummary,
  ProductRecord,
} from '@store/contract';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, ProductRow, StaffRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { toRupees } from '../../shared/money.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { KeptPerCatalogueVersion } from '../catalog/catalog-version.js';
import { rowToRecord } from '../catalog/import/index.js';
import { type CatalogService, PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { hiddenOnly, shownOnly } from '../catalog/shown.js';
import type { Store } from '../stores/service.js';

type ListQuery = z.output<typeof AdminProductListQuery>;
type Record = z.output<typeof ProductRecord>;

/** What the activity log keeps of a product: the fields a merchant checks when a number looks wrong. */
const AUDITED = ['sku', 'title', 'category', 'regularPrice', 'discountedPrice', 'stock', 'hidden'] as const;

/**
 * The back office's door to the catalogue: lists every product (hidden ones too) and writes
 * through the catalogue service, with the same rules as an import, each change in the audit log.
 */
export class AdminProducts {
  /**
   * How many products a search or filter of the list finds, kept while the store's catalogue
   * version stands still: paging through 16,000 hubs counts them once. The low-stock filter is
   * counted every time: every sale can move a product under the line without a new version.
   */
  private readonly totals = new KeptPerCatalogueVersion<{ total: number }>(500);
  /** The store's categories for the filter, read again only after the catalogue changed. */
  private readonly categories = new KeptPerCatalogueVersion<string[]>(100);

  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly audit: AuditLog,
  ) {}

  async list(store: Store, query: ListQuery): Promise<AdminProductListResponse> {
    const threshold = Number(store.low_stock_threshold);
    const searched = await this.searched(store, query.q?.trim());
    let products = this.db.selectFrom('products').where(searched?.condition ?? sql<SqlBool>`store_id = ${store.id}`);
    if (query.category) products = products.where('category_key', '=', query.category.toLowerCase());
    if (query.stock === 'out') products = products.where('stock', '=', 0);
    if (query.stock === 'low') products = products.where('stock', '<=', threshold);
    if (query.hidden) products = products.where(query.hidden === 'true' ? hiddenOnly() : shownOnly());
    // Deferred join: the page's ids come from an index alone, however deep the page; then their rows.
    const pageIds = products
      .select('id')
      .orderBy('position')
      .orderBy('id')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit);
    const { page: _page, limit: _limit, ...filters } = query;
    const countTotal = async () => ({
      total: Number(
        (await products.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
      ),
    });
    const onlySearched = searched && !query.category && !query.stock && !query.hidden;
    const [rows, { total }, categories] = await Promise.all([
      searched?.matches === 0
        ? []
        : this.db
            .selectFrom('products')
            .selectAll()
            .where('id', 'in', pageIds)
            .orderBy('position')
            .orderBy('id')
            .execute(),
      onlySearched
        ? { total: searched.matches }
        : query.stock === 'low'
          ? countTotal()
          : this.totals.get(store.id, store.catalog_version, Object.entries(filters).sort(), countTotal),
      this.categories.get(store.id, store.catalog_version, 'categories', () => this.catalog.categories(store.id)),
    ]);
    return {
      data: rows.map(toProductSummary),
      total,
      page: query.page,
      limit: query.limit,
      categories,
      lowStockThreshold: threshold,
    };
  }

  /**
   * A search's matches, counted through the indexes (a substring scan read every product: 0.6 s
   * at 1,00,000) and kept like the totals, and the condition that lists them: how many there are
   * chooses how the page is read. Undefined without a search.
   */
  private async searched(store: Store, text: string | undefined) {
    if (!text) return undefined;
    const search = this.catalog.wordsOrSku(store.id, text);
    if (!search) return { matches: 0, condition: sql<SqlBool>`1 = 0` };
    const { total: matches } = await this.totals.get(store.id, store.catalog_version, [['search', text]], async () => ({
      total: await search.count(),
    }));
    return { matches, condition: await search.condition(matches) };
  }

  async detail(storeId: string, id: string): Promise<AdminProduct> {
    const row = await this.catalog.getAny(storeId, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toAdminProduct(row);
  }

  async create(storeId: string, record: Record, staff: StaffRow): Promise<AdminProduct> {
    const row = await this.catalog.createOne(storeId, record, (trx, created) =>
      this.audit.record(trx, {
        storeId,
        actor: staffActor(staff),
        action: 'product.create',
        subject: `product:${created.sku}`,
        after: audited(rowToRecord(created)),
      }),
    );
    return toAdminProduct(row);
  }

  async update(
    storeId: string,
    id: string,
    input: { product: Record; updatedAt?: string; stockSeen?: number },
    staff: StaffRow,
  ): Promise<AdminProduct> {
    const row = await this.catalog.updateOne(
      storeId,
      id,
      input.product,
      { ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}), stockSeen: input.stockSeen },
      (trx, before, after) => this.recordChange(trx, storeId, staff, 'product.update', before, after),
    );
    return toAdminProduct(row);
  }

  async setStock(
    storeId: string,
    id: string,
    change: { stock: number; stockSeen: number },
    staff: StaffRow,
  ): Promise<AdminProduct> {
    const row = await this.catalog.setStock(storeId, id, change, (trx, before, after) =>
      this.recordChange(trx, storeId, staff, 'product.stock', before, after),
    );
    return toAdminProduct(row);
  }

  /** Only what changed, before → after. */
  private async recordChange(
    trx: Database,
    storeId: string,
    staff: StaffRow,
    action: string,
    before: ProductRow,
    after: ProductRow,
  ): Promise<void> {
    const was = audited(rowToRecord(before));
    const now = audited(rowToRecord(after));
    const changed = AUDITED.filter((field) => was[field] !== now[field]);
    await this.audit.record(trx, {
      storeId,
      actor: staffActor(staff),
      action,
      subject: `product:${after.sku}`,
      before: Object.fromEntries(changed.map((field) => [field, was[field]])),
      after: Object.fromEntries(changed.map((field) => [field, now[field]])),
    });
  }
}

const audited = (record: Record) =>
  Object.fromEntries(AUDITED.map((field) => [field, record[field]])) as Pick<Record, (typeof AUDITED)[number]>;

export function toProductSummary(row: ProductRow): AdminProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    category: row.category,
    parentCategory: row.parent_category,
    regularPrice: toRupees(Number(row.regular_price)),
    discountedPrice: row.discounted_price === null ? null : toRupees(Number(row.discounted_price)),
    stock: row.stock,
    hidden: row.hidden === 1,
    imgUrl: row.img_url,
    updatedAt: row.updated_at,
  };
}

function toAdminProduct(row: ProductRow): AdminProduct {
  return { ...rowToRecord(row), id: row.id, createdAt: row.created_at, updatedAt: row.updated_at };
}
