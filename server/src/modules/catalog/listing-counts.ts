import { PRICE_BANDS } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { POSITION_BUCKET, PRECOUNTED_BANDS } from './listing-counts-sql.js';

/** What one read of a listing counts: its total, its products by type, in each price band and in stock. */
export interface Summary {
  total: number;
  types: Map<string, number>;
  prices: { min: number; max: number | null; count: number }[];
  inStock: number;
}

/** How many of a listing's products have one specification value. */
export interface SpecCount {
  name_key: string;
  value_key: string;
  name: unknown;
  value: unknown;
  unit: string | null;
  count: unknown;
}

/** The filters a browsing listing may have: the ones the kept sums are kept by. */
interface Browsing {
  category?: string | undefined;
  parentCategory?: string | undefined;
}

/** The filters that narrow a listing beyond its category and type; any of them means counting. */
const NARROWING = ['q', 'gender', 'featured', 'filter', 'minPrice', 'maxPrice', 'inStock', 'countryOfOrigin'] as const;

/**
 * A listing of everything, a category, or a category and type, with no other filter: its counts
 * are kept by the database (see listing-counts-sql.ts), as long as the price bands are the ones
 * the kept sums count.
 */
export function isBrowsing(
  filters: Browsing &
    Partial<Record<(typeof NARROWING)[number], unknown>> & {
      attributes?: Map<string, string[]>;
      options?: Map<string, string[]>;
    },
): boolean {
  return (
    SAME_BANDS &&
    NARROWING.every((name) => filters[name] === undefined || filters[name] === '') &&
    !filters.attributes?.size &&
    !filters.options?.size
  );
}

const SAME_BANDS =
  PRICE_BANDS.length === PRECOUNTED_BANDS.length && PRICE_BANDS.every((min, index) => min === PRECOUNTED_BANDS[index]);

/** Reads a browsing listing's counts from the sums the database keeps. */
export class ListingCounts {
  constructor(private readonly db: Database) {}

  /**
   * The listing's summary, and the summary of its category without the type (the types facet
   * shows the other types of the category), from one read.
   */
  async kinds(storeId: string, filters: Browsing): Promise<{ listed: Summary; byType: Summary }> {
    let query = this.db
      .selectFrom('listing_kind_counts')
      .where('store_id', '=', storeId)
      .where('products', '>', 0)
      .select((eb) => [
        'typed',
        'parent_category',
        'parent_category_key',
        eb.fn.sum<number>('products').as('products'),
        eb.fn.sum<number>('in_stock').as('in_stock'),
        ...PRECOUNTED_BANDS.map((_, index) => eb.fn.sum<number>(`band${index}` as 'band0').as(`band${index}`)),
      ])
      .groupBy(['typed', 'parent_category', 'parent_category_key']);
    if (filters.category) query = query.where('category_key', '=', filters.category.toLowerCase());
    const rows = (await query.execute()) as unknown as KindRow[];
    const type = filters.parentCategory?.toLowerCase();
    return {
      listed: summaryOf(type ? rows.filter((row) => row.parent_category_key === type) : rows),
      byType: summaryOf(rows),
    };
  }

  /**
   * Where the page that skips `offset` of the listing's products starts (see PageStart); undefined
   * when its first product is in the listing's first bucket (the walk from the start is as short).
   */
  async pageStart(storeId: string, filters: Browsing, offset: number): Promise<PageStart | undefined> {
    let query = this.db
      .selectFrom('listing_position_counts')
      .where('store_id', '=', storeId)
      .select((eb) => ['bucket', eb.fn.sum<number>('products').as('products')])
      .groupBy('bucket')
      .orderBy('bucket');
    if (filters.category) query = query.where('category_key', '=', filters.category.toLowerCase());
    if (filters.parentCategory) query = query.where('parent_category_key', '=', filters.parentCategory.toLowerCase());
    let before = 0;
    for (const row of await query.execute()) {
      const products = Number(row.products);
      if (products <= 0) continue;
      if (before + products > offset)
        return before === 0 ? undefined : { fromPosition: firstPositionOf(Number(row.bucket)), before };
      before += products;
    }
    return 'past';
  }

  /** Each specification value's count among the listing's products. */
  async specs(storeId: string, filters: Browsing): Promise<SpecCount[]> {
    let query = this.db
      .selectFrom('listing_spec_counts')
      .where('store_id', '=', storeId)
      .where('products', '>', 0)
      .select((eb) => [
        'name_key',
        'value_key',
        eb.fn.min('name').as('name'),
        eb.fn.min('value').as('value'),
        'unit',
        eb.fn.sum<number>('products').as('count'),
      ])
      .groupBy(['name_key', 'value_key', 'unit']);
    if (filters.category) query = query.where('category_key', '=', filters.category.toLowerCase());
    if (filters.parentCategory) query = query.where('parent_category_key', '=', filters.parentCategory.toLowerCase());
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, unit: row.unit === '' ? null : row.unit }));
  }
}

/**
 * Where a page of a browsing listing, in the catalogue's order, starts its walk: at the first
 * position of the bucket that holds its first product (`fromPosition`), the listing's products
 * before that bucket (`before`) skipped without reading them; or `past`, the listing ends before it.
 */
export type PageStart = { fromPosition: number; before: number } | 'past';

/** The lowest position `position / POSITION_BUCKET` (rounded toward zero, as both databases do) puts in `bucket`. */
const firstPositionOf = (bucket: number) =>
  bucket > 0 ? bucket * POSITION_BUCKET : bucket * POSITION_BUCKET - (POSITION_BUCKET - 1);

interface KindRow extends Record<string, unknown> {
  typed: unknown;
  parent_category: string;
  parent_category_key: string;
  products: unknown;
  in_stock: unknown;
}

function summaryOf(rows: KindRow[]): Summary {
  const types = new Map<string, number>();
  const prices = PRECOUNTED_BANDS.map((min, index) => ({ min, max: PRECOUNTED_BANDS[index + 1] ?? null, count: 0 }));
  let total = 0;
  let inStock = 0;
  for (const row of rows) {
    const products = Number(row.products);
    if (products <= 0) continue;
    total += products;
    inStock += Number(row.in_stock);
    if (Number(row.typed)) types.set(row.parent_category, (types.get(row.parent_category) ?? 0) + products);
    prices.forEach((band, index) => {
      band.count += Number(row[`band${index}`] ?? 0);
    });
  }
  return { total, types, prices, inStock };
}
