import type { FacetValue } from '@netkart/contract';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Searcher } from './search/searcher.js';

/*
 * The listing's filters and counts by variant option (Colour: Olive). A product's option names are
 * in its options_json, in the order of its variants' option1..option3 columns, so an option named
 * Colour may be any one of the three: each is asked of the product's name at that place. Only
 * products with options have variant rows, so these read the variants, not the whole catalogue.
 */

/** Option filters by lower-cased name: any of the values (lower-cased). */
export type OptionFilters = Map<string, string[]>;

const SLOTS = [0, 1, 2] as const;
const column = (slot: number) => sql.ref(`v.option${slot + 1}`);

/** The lower-cased name of the product's option at `slot` (0–2), null when it has fewer. */
function optionName(dialect: Searcher['dialect'], slot: number): RawBuilder<string | null> {
  return dialect === 'sqlite'
    ? sql<string | null>`json_extract(p.options_json, ${sql.lit(`$[${slot}].name`)})`
    : sql<string | null>`(p.options_json::jsonb -> ${sql.lit(slot)} ->> 'name')`;
}

/** The variant `v` (of product `p`) has one of the values of the option `name`. */
function hasValue(dialect: Searcher['dialect'], name: string, values: string[]): RawBuilder<SqlBool> {
  const places = SLOTS.map(
    (slot) => sql`(lower(${optionName(dialect, slot)}) = ${name} and lower(${column(slot)}) in (${sql.join(values)}))`,
  );
  return sql<SqlBool>`(${sql.join(places, sql` or `)})`;
}

/** What the variant `v` of product `p` must be: every option filter but `except`'s, and in stock when asked. */
export function variantConditions(
  dialect: Searcher['dialect'],
  options: OptionFilters,
  inStock: boolean,
  except?: string,
): RawBuilder<SqlBool>[] {
  const conditions = [...options]
    .filter(([name]) => name !== except)
    .map(([name, values]) => hasValue(dialect, name, values));
  if (inStock) conditions.push(sql<SqlBool>`v.stock > 0`);
  return conditions;
}

/**
 * The product `p` has a variant with all the filtered values at once (Olive in 2 m, not an Olive
 * 1 m and a Black 2 m), in stock when the in-stock filter is on.
 */
export function hasVariant(
  dialect: Searcher['dialect'],
  options: OptionFilters,
  inStock: boolean,
  except?: string,
): RawBuilder<SqlBool> {
  const conditions = variantConditions(dialect, options, inStock, except);
  return sql<SqlBool>`exists (select 1 from product_variants v where v.product_id = p.id and ${sql.join(conditions, sql` and `)})`;
}

/** How many products have a variant with each value of an option (by lower-cased name and value). */
export interface OptionCount {
  name_key: string;
  value_key: string;
  name: string;
  value: string;
  count: number;
}

/**
 * Each option value's products among `productIds` whose variant with that value passes the other
 * option filters (and is in stock when asked); only the option `name` when given, else all but
 * the filtered ones.
 */
export async function optionCounts(
  db: Database,
  dialect: Searcher['dialect'],
  productIds: Expression<unknown>,
  options: OptionFilters,
  inStock: boolean,
  name?: string,
): Promise<OptionCount[]> {
  const filtered = [...options.keys()];
  const perSlot = SLOTS.map(async (slot) => {
    const key = sql<string>`lower(${optionName(dialect, slot)})`;
    const conditions = [
      sql<SqlBool>`v.product_id in (${productIds})`,
      sql<SqlBool>`${column(slot)} is not null`,
      ...variantConditions(dialect, options, inStock, name),
    ];
    if (name !== undefined) conditions.push(sql<SqlBool>`${key} = ${name}`);
    else if (filtered.length) conditions.push(sql<SqlBool>`${key} not in (${sql.join(filtered)})`);
    const { rows } = await sql<OptionCount>`select ${key} as name_key, lower(${column(slot)}) as value_key,
        min(${optionName(dialect, slot)}) as name, min(${column(slot)}) as value, count(distinct v.product_id) as count
      from product_variants v join products p on p.id = v.product_id
      where ${sql.join(conditions, sql` and `)}
      group by name_key, value_key`.execute(db);
    return rows;
  });
  return (await Promise.all(perSlot)).flat();
}

/** At most this many options, and values of each, in the facets: a filtered one is always kept. */
const OPTION_FACETS_MAX = 8;
const OPTION_VALUES_MAX = 30;

/**
 * The options' facets: each name (spelt as the first alphabetically of its spellings) with its
 * values, the options of most products first, each option's values by how many products have them.
 */
export function optionFacets(
  rows: OptionCount[],
  filtered: OptionFilters = new Map(),
): { name: string; values: FacetValue[] }[] {
  const byName = new Map<string, { name: string; values: Map<string, FacetValue>; products: number }>();
  for (const row of rows) {
    const facet = byName.get(row.name_key) ?? { name: String(row.name), values: new Map(), products: 0 };
    if (String(row.name) < facet.name) facet.name = String(row.name);
    // The same value at different places of different products' options is one value.
    const value = facet.values.get(row.value_key) ?? { value: String(row.value), count: 0 };
    if (String(row.value) < value.value) value.value = String(row.value);
    value.count += Number(row.count);
    facet.values.set(row.value_key, value);
    facet.products += Number(row.count);
    byName.set(row.name_key, facet);
  }
  const chosen = (key: string) => filtered.has(key);
  return [...byName.entries()]
    .sort(
      ([keyA, a], [keyB, b]) =>
        Number(chosen(keyB)) - Number(chosen(keyA)) || b.products - a.products || a.name.localeCompare(b.name),
    )
    .slice(0, Math.max(OPTION_FACETS_MAX, filtered.size))
    .sort(([, a], [, b]) => b.products - a.products || a.name.localeCompare(b.name))
    .map(([key, facet]) => {
      const values = [...facet.values.entries()].sort(
        ([, a], [, b]) => b.count - a.count || a.value.localeCompare(b.value),
      );
      // A chosen value stays in its facet however few products have it, so its box can be unticked.
      const kept = values.filter(
        ([valueKey], index) => index < OPTION_VALUES_MAX || (filtered.get(key) ?? []).includes(valueKey),
      );
      return { name: facet.name, values: kept.map(([, value]) => value) };
    });
}
