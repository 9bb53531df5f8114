import type { ProductSort } from '@netkart/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Products } from './listing-filters.js';
import type { Searcher } from './search/searcher.js';

/** A search's full-text condition, and its words' conditions on the products' names (Searcher.nameConditions). */
export interface Relevance {
  match: string;
  named: string[];
  /** "sasta": within each score of names, the lowest price first. */
  priceOrder?: 'price_asc' | 'price_desc' | null;
}

/**
 * A product's score of names: for each word, 2 when its title has it, 1 when its category or
 * type does (`named` holds a title and a title-or-kind condition a word). On SQLite each
 * condition's matches are read once for the whole listing.
 */
export function nameScore(dialect: Searcher['dialect'], named: string[]): RawBuilder<number> {
  if (!named.length) return sql<number>`0`;
  const scoreOf = (condition: string) =>
    dialect === 'sqlite'
      ? sql`(product_search.rowid in (select rowid from product_search where product_search match ${condition}))`
      : sql`(p.search_vector @@ to_tsquery('english', ${condition}))::int`;
  return sql<number>`(${sql.join(named.map(scoreOf), sql` + `)})`;
}

/** The listing in the order asked for; ties always go by id, so pages never overlap. */
export function ordered(
  dialect: Searcher['dialect'],
  query: Products,
  sort: ProductSort | undefined,
  match: Relevance | undefined,
  text: string | undefined,
) {
  switch (sort) {
    case 'price_asc':
      return query.orderBy('p.effective_price').orderBy('p.id');
    case 'price_desc':
      return query.orderBy('p.effective_price', 'desc').orderBy('p.id');
    case 'newest':
      return query.orderBy('p.created_at', 'desc').orderBy('p.id');
    case 'discount':
      return query.orderBy('p.discount_bp', 'desc').orderBy('p.id');
    case 'origin':
      // A to Z by country, products that name none last (both databases put nulls where this says).
      return query
        .orderBy(sql`case when p.country_of_origin is null then 1 else 0 end`)
        .orderBy(sql`lower(p.country_of_origin)`)
        .orderBy('p.position')
        .orderBy('p.id');
    case 'relevance':
      if (match !== undefined) return byRelevance(dialect, query, match, text ?? '');
      return query.orderBy('p.position').orderBy('p.id');
    default:
      return query.orderBy('p.position').orderBy('p.id');
  }
}

/**
 * An exact SKU first, then by the score of names (the words in the title, then in the category
 * or type), then by weighted relevance (title, then category and type, then specifications,
 * then description): a charger before a hub whose specifications name its power adapter.
 */
function byRelevance(dialect: Searcher['dialect'], query: Products, relevance: Relevance, text: string) {
  const skuFirst = sql`case when lower(p.sku) = ${text.trim().toLowerCase()} then 0 else 1 end`;
  const { match, named, priceOrder } = relevance;
  const byPrice = (ordered: Products) =>
    priceOrder ? ordered.orderBy('p.effective_price', priceOrder === 'price_asc' ? 'asc' : 'desc') : ordered;
  if (dialect === 'sqlite') {
    const hits = sql<{ product_id: string; rank: number }>`(select ids.product_id as product_id,
      bm25(product_search, 10.0, 4.0, 2.0, 1.0) as rank, ${nameScore(dialect, named)} as named
      from product_search join product_search_ids ids on ids.rowid = product_search.rowid
      where product_search match ${match})`;
    const scored = query
      .innerJoin(hits.as('hits'), (join) => join.onRef('hits.product_id', '=', 'p.id'))
      .orderBy(skuFirst)
      .orderBy(sql`hits.named`, 'desc') as unknown as Products;
    return byPrice(scored).orderBy(sql`hits.rank`).orderBy('p.id');
  }
  const scored = query.orderBy(skuFirst).orderBy(nameScore(dialect, named), 'desc');
  return byPrice(scored)
    .orderBy(sql`ts_rank(p.search_vector, to_tsquery('english', ${match}))`, 'desc')
    .orderBy('p.id');
}
