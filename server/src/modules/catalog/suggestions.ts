import { SUGGESTIONS_MAX, type Suggestion } from '@netkart/contract';
import { sql } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.js';
import { toRupees } from '../../shared/money.js';
import { nameScore, type Relevance } from './listing-order.js';
import type { Searcher, SearchPlan } from './search/searcher.js';
import { searchTokens } from './search/text.js';

/**
 * Up to eight things to go to as the shopper types: the store's categories and types, then
 * products. When nothing has the words as typed, they are read as a search reads them (mistyped
 * words put right, words that match nothing left out), so "chargr" offers the chargers.
 */
export async function suggestionsFor(
  db: Database,
  searcher: Searcher,
  storeId: string,
  text: string,
): Promise<Suggestion[]> {
  const typed = searchTokens(text);
  if (!typed.length) return [];
  const asTyped = { terms: typed.map((token) => ({ phrasings: [[token]], typed: [token] })), joined: 'all' as const };
  const found = await offers(db, searcher, storeId, typed, asTyped);
  if (found.length) return found;
  // The words as a search reads them: spelling put right and filler left out, each word as read.
  const plan = await searcher.plan(storeId, text);
  if (!plan?.terms.length) return found;
  const read = plan.terms.flatMap((term) => term.typed);
  const corrected = await offers(db, searcher, storeId, read, {
    terms: read.map((token) => ({ phrasings: [[token]], typed: [token] })),
    joined: 'all',
  });
  if (corrected.length) return corrected;
  // Then with the synonyms, and without the words no product has ("mobile chargr").
  const settled = (await searcher.settle(storeId, plan)) ?? plan;
  return offers(
    db,
    searcher,
    storeId,
    settled.terms.flatMap((term) => term.typed),
    settled,
  );
}

/** The categories and types whose names start with every word, then the products that have them. */
async function offers(
  db: Database,
  searcher: Searcher,
  storeId: string,
  words: string[],
  plan: Pick<SearchPlan, 'terms' | 'joined'>,
): Promise<Suggestion[]> {
  const startsEveryWord = (label: string) => {
    const labelWords = searchTokens(label);
    return words.every((token) => labelWords.some((word) => word.startsWith(token)));
  };
  const suggestions: Suggestion[] = [];
  const seen = new Set<string>();
  for (const kind of await searcher.kinds(storeId)) {
    if (!seen.has(`c:${kind.category}`) && startsEveryWord(kind.category)) {
      seen.add(`c:${kind.category}`);
      suggestions.push({ kind: 'category', label: kind.category, category: kind.category });
    }
    const type = kind.parentCategory;
    if (type && !seen.has(`t:${type}`) && startsEveryWord(type)) {
      seen.add(`t:${type}`);
      suggestions.push({ kind: 'type', label: type, parentCategory: type });
    }
  }
  const kinds = suggestions.slice(0, 3);
  const products = await ranked(
    db,
    searcher,
    storeId,
    { match: searcher.query(plan, true), named: searcher.nameConditions(plan, true) },
    SUGGESTIONS_MAX - kinds.length,
  );
  return [
    ...kinds,
    ...products.map(
      (row): Suggestion => ({
        kind: 'product',
        label: row.title,
        id: row.id,
        imgUrl: row.img_url,
        price: toRupees(Number(row.effective_price)),
      }),
    ),
  ];
}

/**
 * The best of the first 200 products that match, so a two-letter prefix costs no more than a word;
 * those whose title has the words first.
 */
async function ranked(db: Database, searcher: Searcher, storeId: string, { match, named }: Relevance, limit: number) {
  if (limit <= 0) return [];
  if (searcher.dialect === 'sqlite') {
    const result = await sql<Pick<ProductRow, 'id' | 'title' | 'img_url' | 'effective_price'>>`
      select p.id, p.title, p.img_url, p.effective_price, ${nameScore('sqlite', named, sql`hits.rowid`)} as named
      from (select rowid, bm25(product_search, 10.0, 4.0, 2.0, 1.0) as rank
            from product_search where product_search match ${match} limit 200) hits
      join product_search_ids ids on ids.rowid = hits.rowid
      join products p on p.id = ids.product_id
      where p.store_id = ${storeId} and p.hidden = 0
      order by named desc, hits.rank, p.id limit ${limit}`.execute(db);
    return result.rows;
  }
  const result = await sql<Pick<ProductRow, 'id' | 'title' | 'img_url' | 'effective_price'>>`
    select id, title, img_url, effective_price from (
      select p.id, p.title, p.img_url, p.effective_price, ts_rank(p.search_vector, to_tsquery('english', ${match})) as rank,
        ${nameScore(searcher.dialect, named)} as named
      from products p
      where p.search_vector @@ to_tsquery('english', ${match}) and p.store_id = ${storeId} and p.hidden = 0
      limit 200) hits
    order by named desc, rank desc, id limit ${limit}`.execute(db);
  return result.rows;
}
