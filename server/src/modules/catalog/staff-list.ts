import type { AdminProductListQuery } from '@netkart/contract';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, ProductRow } from '../../db/schema.js';
import { KeptPerCatalogueVersion } from './catalog-version.js';
import type { WordsOrSku } from './search/words-or-sku.js';
import { hiddenOnly, shownOnly } from './shown.js';

type ListQuery = z.output<typeof AdminProductListQuery>;

/** The store as the back office's list needs it: its catalogue version keys what is kept. */
export interface StaffListStore {
  id: string;
  catalog_version: number;
  low_stock_threshold: number;
}

/** One page of the back office's product list, how many match, and the store's categories for the filter. */
export interface StaffProductPage {
  rows: ProductRow[];
  total: number;
  categories: string[];
}

/**
 * The back office's product list: every product (hidden ones too), searched and filtered, a
 * page at a time.
 */
export class StaffProductList {
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
    private readonly search: (storeId: string, text: string) => WordsOrSku | undefined,
    private readonly categoriesOf: (storeId: string) => Promise<string[]>,
  ) {}

  async page(store: StaffListStore, query: ListQuery): Promise<StaffProductPage> {
    const threshold = Number(store.low_stock_threshold);
    const version = store.catalog_version;
    const searched = await this.searched(store.id, version, query.q?.trim());
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
          : this.totals.get(store.id, version, Object.entries(filters).sort(), countTotal),
      this.categories.get(store.id, version, 'categories', () => this.categoriesOf(store.id)),
    ]);
    return { rows, total, categories };
  }

  /**
   * A search's matches, counted through the indexes (a substring scan read every product: 0.6 s
   * at 1,00,000) and kept like the totals, and the condition that lists them: how many there are
   * chooses how the page is read. Undefined without a search.
   */
  private async searched(storeId: string, version: number, text: string | undefined) {
    if (!text) return undefined;
    const search = this.search(storeId, text);
    if (!search) return { matches: 0, condition: sql<SqlBool>`1 = 0` };
    const { total: matches } = await this.totals.get(storeId, version, [['search', text]], async () => ({
      total: await search.count(),
    }));
    return { matches, condition: await search.condition(matches) };
  }
}
