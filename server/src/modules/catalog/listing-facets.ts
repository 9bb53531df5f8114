import { type FacetValue, PRICE_BANDS, type ProductFacets } from '@netkart/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isBrowsing, type ListingCounts, type SpecCount, type Summary } from './listing-counts.js';
import type { Except, ProductListFilters, Products } from './listing-filters.js';
import { optionCounts, optionFacets } from './listing-options.js';
import type { Searcher } from './search/searcher.js';

/** Specifications that describe one product, not a choice between many. */
const NOT_FACETS = new Set(['model', 'support phone', 'sku', 'mpn', 'ean', 'upc', 'gtin', 'operating temperature']);
const FACET_KEYS_MAX = 8;
const FACET_VALUES_MAX = 20;

/**
 * The total and the facets in as few reads of the listing as it allows: a browsing listing
 * (everything, a category, a category and type) reads the sums the database keeps; any other
 * is counted, one pass counting the products by type, price band and stock together; a facet
 * whose own filter is in use is counted again without it, so the shopper still sees the other
 * choices.
 */
export async function countFacets(
  db: Database,
  precounted: ListingCounts,
  storeId: string,
  filters: ProductListFilters,
  matching: (except?: Except) => Products,
  dialect: Searcher['dialect'],
): Promise<{ total: number; facets: ProductFacets }> {
  // Options are counted from the variants whichever way the rest is (see listing-options.ts).
  const options = countOptions(db, dialect, filters, matching);
  if (isBrowsing(filters)) {
    const [kinds, specs, origins] = await Promise.all([
      precounted.kinds(storeId, filters),
      precounted.specs(storeId, filters),
      originCounts(matching()),
    ]);
    return {
      total: kinds.listed.total,
      facets: { ...facetsOf(kinds.byType, kinds.listed, kinds.listed, specs, [], origins), options: await options },
    };
  }
  const summaryOf = (except?: Except) => summary(matching(except));
  const all = summaryOf();
  const filtered = [...(filters.attributes?.keys() ?? [])];
  const [everything, byType, byPrice, byStock, specs, origins] = await Promise.all([
    all,
    filters.parentCategory ? summaryOf('type') : all,
    filters.minPrice !== undefined || filters.maxPrice !== undefined ? summaryOf('price') : all,
    filters.inStock === 'true' ? summaryOf('stock') : all,
    specCounts(db, filtered, matching),
    originCounts(matching(filters.countryOfOrigin ? 'origin' : undefined)),
  ]);
  return {
    total: everything.total,
    facets: { ...facetsOf(byType, byPrice, byStock, specs, filtered, origins), options: await options },
  };
}

/** Each option's values with their counts; a filtered option is counted without its own filter. */
async function countOptions(
  db: Database,
  dialect: Searcher['dialect'],
  filters: ProductListFilters,
  matching: (except?: Except) => Products,
): Promise<ProductFacets['options']> {
  const options = filters.options ?? new Map<string, string[]>();
  const inStock = filters.inStock === 'true';
  const filtered = [...options.keys()];
  const rows = await Promise.all([
    optionCounts(db, dialect, matching().select('p.id'), options, inStock),
    ...filtered.map((name) =>
      optionCounts(db, dialect, matching({ option: name }).select('p.id'), options, inStock, name),
    ),
  ]);
  return optionFacets(rows.flat(), options);
}

/** How many products, of each type, in each price band and in stock: one read of the listing. */
async function summary(products: Products): Promise<Summary> {
  const bands = PRICE_BANDS.map((min, index) => ({ min, max: PRICE_BANDS[index + 1] ?? null }));
  const rows = await products
    .select((eb) => [
      'p.parent_category as type',
      eb.fn.countAll<number>().as('count'),
      sql<number>`sum(case when p.stock > 0 then 1 else 0 end)`.as('in_stock'),
      ...bands.map(({ min, max }, index) =>
        sql<number>`sum(case when p.effective_price >= ${min * 100}${max === null ? sql`` : sql` and p.effective_price < ${max * 100}`} then 1 else 0 end)`.as(
          `band${index}`,
        ),
      ),
    ])
    .groupBy('p.parent_category')
    .execute();
  const types = new Map<string, number>();
  let total = 0;
  let inStock = 0;
  const prices = bands.map((band) => ({ ...band, count: 0 }));
  for (const row of rows as (Record<string, unknown> & {
    type: string | null;
    count: unknown;
    in_stock: unknown;
  })[]) {
    total += Number(row.count);
    inStock += Number(row.in_stock ?? 0);
    if (row.type !== null) types.set(String(row.type), Number(row.count));
    prices.forEach((band, index) => {
      band.count += Number(row[`band${index}`] ?? 0);
    });
  }
  return { total, types, prices, inStock };
}

/**
 * How many of the listing's products were made in each country, the most first; products that name
 * no country are not counted. Country names are written one way (the catalogue's countries list),
 * so grouping by the name groups each country once.
 */
async function originCounts(products: Products): Promise<FacetValue[]> {
  const rows = await products
    .where('p.country_of_origin', 'is not', null)
    .select((eb) => ['p.country_of_origin as value', eb.fn.countAll<number>().as('count')])
    .groupBy('p.country_of_origin')
    .execute();
  return rows
    .map((row) => ({ value: String(row.value), count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** Each specification's values with their counts; a filtered one is counted without its own filter. */
async function specCounts(
  db: Database,
  filtered: string[],
  matching: (except?: Except) => Products,
): Promise<SpecCount[]> {
  const countsOf = (products: Products, name?: string) => {
    let query = db
      .selectFrom('product_specs as s')
      .where('s.product_id', 'in', products.select('p.id'))
      .select((eb) => [
        's.name_key',
        's.value_key',
        eb.fn.min('s.name').as('name'),
        eb.fn.min('s.value').as('value'),
        's.unit',
        eb.fn.count<number>('s.product_id').distinct().as('count'),
      ])
      .groupBy(['s.name_key', 's.value_key', 's.unit']);
    if (name !== undefined) query = query.where('s.name_key', '=', name);
    else if (filtered.length) query = query.where('s.name_key', 'not in', filtered);
    return query.execute();
  };
  return (
    await Promise.all([countsOf(matching()), ...filtered.map((name) => countsOf(matching({ attribute: name }), name))])
  ).flat();
}

/** The facets from the counts: types without the type filter, price bands without the price filter, and so on. */
function facetsOf(
  byType: Summary,
  byPrice: Summary,
  byStock: Summary,
  specs: SpecCount[],
  filtered: string[],
  origins: FacetValue[],
): Omit<ProductFacets, 'options'> {
  return {
    types: [...byType.types.entries()]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    prices: byPrice.prices,
    inStock: byStock.inStock,
    origins,
    attributes: specFacets(specs, filtered),
  };
}

/** Each specification's values with their counts, the most common first; a filtered one is always kept. */
function specFacets(rows: SpecCount[], filtered: string[]): ProductFacets['attributes'] {
  const byName = new Map<string, { key: string; values: (FacetValue & { unit: string | null })[]; products: number }>();
  for (const row of rows) {
    if (NOT_FACETS.has(row.name_key)) continue;
    const facet = byName.get(row.name_key) ?? { key: String(row.name), values: [], products: 0 };
    // Spelt differently by different products: the same spelling whatever order the rows came in.
    if (String(row.name) < facet.key) facet.key = String(row.name);
    facet.values.push({ value: String(row.value), count: Number(row.count), unit: row.unit ?? null });
    facet.products += Number(row.count);
    byName.set(row.name_key, facet);
  }
  return [...byName.entries()]
    .filter(
      ([name, facet]) =>
        filtered.includes(name) ||
        (facet.values.length > 1 && facet.values.length <= 40 && facet.values.some((value) => value.count > 1)),
    )
    .sort(([, a], [, b]) => b.products - a.products || a.key.localeCompare(b.key))
    .slice(0, FACET_KEYS_MAX)
    .map(([, facet]) => {
      const units = new Set(facet.values.map((value) => value.unit));
      const unit = units.size === 1 ? (facet.values[0]?.unit ?? null) : null;
      const values = orderedValues(facet.values)
        .slice(0, FACET_VALUES_MAX)
        .map(({ unit: own, ...value }) => (unit === null && own ? { ...value, unit: own } : value));
      return { key: facet.key, unit, values };
    });
}

/**
 * Numbers in their order (1, 2.5, 10), words by how many products have them; the same value in
 * two units (or none) by unit, so the order never depends on how the database happened to group.
 */
function orderedValues<Value extends FacetValue & { unit: string | null }>(values: Value[]): Value[] {
  const numeric = values.every((value) => Number.isFinite(Number(value.value)));
  const byUnit = (a: Value, b: Value) => (a.unit ?? '').localeCompare(b.unit ?? '');
  return [...values].sort((a, b) =>
    numeric
      ? Number(a.value) - Number(b.value) || a.value.localeCompare(b.value) || byUnit(a, b)
      : b.count - a.count || a.value.localeCompare(b.value) || byUnit(a, b),
  );
}

export function emptyFacets(): ProductFacets {
  return {
    types: [],
    prices: PRICE_BANDS.map((min, index) => ({ min, max: PRICE_BANDS[index + 1] ?? null, count: 0 })),
    inStock: 0,
    origins: [],
    attributes: [],
    options: [],
  };
}
