import { SUGGESTIONS_MAX, type Suggestion } from '@netkart/contract';
import { sql } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.js';
import { toRupees } from '../../shared/money.js';
import { type HindiNames, NO_NAMES, type ShopLanguage, textsIn } from './language.js';
import type { Searcher, SearchPlan } from './search/searcher.js';
import type { QueryTerm } from './search/synonyms.js';
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
  language: ShopLanguage = 'en',
  storeSynonyms: string[][] = [],
  names: HindiNames = NO_NAMES,
): Promise<Suggestion[]> {
  const typed = searchTokens(text);
  if (!typed.length) return [];
  const asTyped = { terms: typed.map((token) => ({ phrasings: [[token]], typed: [token] })), joined: 'all' as const };
  const offers = (words: string[], plan: Pick<SearchPlan, 'terms' | 'joined'>) =>
    offersOf(db, searcher, storeId, words, plan, language, names);
  const found = await offers(typed, asTyped);
  if (found.length) return found;
  // The words as a search reads them: spelling put right and filler left out, each word as read.
  const plan = await searcher.plan(storeId, text, storeSynonyms);
  if (!plan?.terms.length) return found;
  const read = plan.terms.flatMap((term) => term.typed);
  const corrected = await offers(read, {
    terms: read.map((token) => ({ phrasings: [[token]], typed: [token] })),
    joined: 'all',
  });
  if (corrected.length) return corrected;
  // Then with the synonyms, and without the words no product has ("mobile chargr").
  const settled = (await searcher.settle(storeId, plan)) ?? plan;
  return offers(
    settled.terms.flatMap((term) => term.typed),
    settled,
  );
}

/** The categories and types whose names start with every word, then the products that have them. */
async function offersOf(
  db: Database,
  searcher: Searcher,
  storeId: string,
  words: string[],
  plan: Pick<SearchPlan, 'terms' | 'joined'>,
  language: ShopLanguage,
  names: HindiNames,
): Promise<Suggestion[]> {
  const startsEveryWord = (label: string) => {
    const labelWords = searchTokens(label);
    return words.every((token) => labelWords.some((word) => word.startsWith(token)));
  };
  // A category is offered by its English name or, to a shopper reading Hindi, by its Hindi one.
  const named = (name: string) => {
    const hindi = names.categories.get(name.toLowerCase());
    return startsEveryWord(name) || (hindi !== undefined && startsEveryWord(hindi));
  };
  const suggestions: Suggestion[] = [];
  const seen = new Set<string>();
  for (const kind of await searcher.kinds(storeId)) {
    if (!seen.has(`c:${kind.category}`) && named(kind.category)) {
      seen.add(`c:${kind.category}`);
      suggestions.push({ kind: 'category', label: kind.category, category: kind.category });
    }
    const type = kind.parentCategory;
    if (type && !seen.has(`t:${type}`) && named(type)) {
      seen.add(`t:${type}`);
      suggestions.push({ kind: 'type', label: type, parentCategory: type });
    }
  }
  const kinds = suggestions.slice(0, 3);
  const products = await ranked(db, searcher, storeId, plan, SUGGESTIONS_MAX - kinds.length);
  return [
    ...kinds,
    ...products.map(
      (row): Suggestion => ({
        kind: 'product',
        label: textsIn({ ...row, description: '' }, language).title,
        id: row.id,
        imgUrl: row.img_url,
        price: toRupees(Number(row.effective_price)),
      }),
    ),
  ];
}

type Candidate = Pick<
  ProductRow,
  'id' | 'title' | 'title_hi' | 'img_url' | 'effective_price' | 'search_title' | 'search_kind'
>;

/**
 * The best of the first 200 products that match, so a two-letter prefix costs no more than a word:
 * those whose names have the most of the words first (as a listing orders them, see nameScore),
 * scored here on the 200 rather than in the index, where a prefix would be looked up per row.
 */
async function ranked(
  db: Database,
  searcher: Searcher,
  storeId: string,
  plan: Pick<SearchPlan, 'terms' | 'joined'>,
  limit: number,
) {
  if (limit <= 0) return [];
  const match = searcher.query(plan, true);
  const candidates =
    searcher.dialect === 'sqlite'
      ? await sql<Candidate>`
      select p.id, p.title, p.title_hi, p.img_url, p.effective_price, p.search_title, p.search_kind
      from (select rowid, bm25(product_search, 10.0, 4.0, 2.0, 1.0) as rank from product_search
            where product_search match ${match} limit 200) hits
      join product_search_ids ids on ids.rowid = hits.rowid
      join products p on p.id = ids.product_id
      where p.store_id = ${storeId} and p.hidden = 0
      order by hits.rank, p.id`.execute(db)
      : await sql<Candidate>`
    select id, title, title_hi, img_url, effective_price, search_title, search_kind from (
      select p.id, p.title, p.title_hi, p.img_url, p.effective_price, p.search_title, p.search_kind,
        ts_rank(p.search_vector, to_tsquery('english', ${match})) as rank
      from products p
      where p.search_vector @@ to_tsquery('english', ${match}) and p.store_id = ${storeId} and p.hidden = 0
      limit 200) hits
    order by rank desc, id`.execute(db);
  const scored = candidates.rows.map((row, place) => ({ row, place, score: namesHold(row, plan.terms) }));
  scored.sort((a, b) => b.score - a.score || a.place - b.place);
  return scored.slice(0, limit).map(({ row }) => row);
}

/** 2 for each word the title has, 1 for each its category or type has; the last word may be the start of one. */
function namesHold(row: Candidate, terms: QueryTerm[]): number {
  const title = row.search_title.split(' ');
  const kind = row.search_kind.split(' ');
  return terms.reduce((score, term, index) => {
    const last = index === terms.length - 1;
    const inTitle = term.phrasings.some((phrasing) => holds(title, phrasing, last));
    return (
      score + (inTitle ? 2 : 0) + (inTitle || term.phrasings.some((phrasing) => holds(kind, phrasing, last)) ? 1 : 0)
    );
  }, 0);
}

/** Whether the words hold the phrase, its last token as a start when `prefix`, a plural as its singular. */
function holds(words: string[], phrase: string[], prefix: boolean): boolean {
  const same = (word: string, token: string, isLast: boolean) =>
    word === token || (prefix && isLast ? word.startsWith(token) : word === `${token}s` || `${word}s` === token);
  return words.some((_, start) =>
    phrase.every((token, offset) => {
      const word = words[start + offset];
      return word !== undefined && same(word, token, offset === phrase.length - 1);
    }),
  );
}
