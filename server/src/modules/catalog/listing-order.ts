import type { ProductSort } from '@netkart/contract';
import { sql } from 'kysely';
import type { Products } from './listing-filters.js';
import type { Searcher } from './search/searcher.js';

/** The listing in the order asked for; ties always go by id, so pages never overlap. */
export function ordered(
  dialect: Searcher['dialect'],
  query: Products,
  sort: ProductSort | undefined,
  match: string | undefined,
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
    case 'relevance':
      if (match !== undefined) return byRelevance(dialect, query, match, text ?? '');
      return query.orderBy('p.position').orderBy('p.id');
    default:
      return query.orderBy('p.position').orderBy('p.id');
  }
}

/** An exact SKU first, then by weighted relevance (title, then category and type, then specifications, then description). */
function byRelevance(dialect: Searcher['dialect'], query: Products, match: string, text: string) {
  const skuFirst = sql`case when lower(p.sku) = ${text.trim().toLowerCase()} then 0 else 1 end`;
  if (dialect === 'sqlite') {
    const hits = sql<{ product_id: string; rank: number }>`(select ids.product_id as product_id,
      bm25(product_search, 10.0, 4.0, 2.0, 1.0) as rank
      from product_search join product_search_ids ids on ids.rowid = product_search.rowid
      where product_search match ${match})`;
    return query
      .innerJoin(hits.as('hits'), (join) => join.onRef('hits.product_id', '=', 'p.id'))
      .orderBy(skuFirst)
      .orderBy(sql`hits.rank`)
      .orderBy('p.id') as unknown as Products;
  }
  return query
    .orderBy(skuFirst)
    .orderBy(sql`ts_rank(p.search_vector, to_tsquery('english', ${match}))`, 'desc')
    .orderBy('p.id');
}
