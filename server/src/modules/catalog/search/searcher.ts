import { SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { shownOnly } from '../shown.js';
import { CHEAP_WORDS, DEAR_WORDS, FILLER_WORDS } from './filler-words.js';
import { fts5Match, type Joined, tsQuery } from './match.js';
import { type PriceWords, readPriceWords } from './price-words.js';
import { Vocabulary } from './speller.js';
import { BUILT_IN_SYNONYMS, type QueryTerm, synonymTable, synonymTokens, termsOf, withDevanagari } from './synonyms.js';
import { searchTokens } from './text.js';

/** What a shopper's words became: the words to search, a price range and an order they asked for. */
export interface SearchPlan {
  /** The words searched; none when the text was only a price or an order ("under 1000", "sasta"). */
  terms: QueryTerm[];
  /** Every word required, or (when no product has them all) any of them, best matches first. */
  joined: Joined;
  /** The shopper's text with the mistyped words put right; null when nothing was. */
  correctedQuery: string | null;
  /**
   * The shopper's words that were searched, when some were not: words that match nothing or
   * carry no meaning ("sasta", "ka", "best") and price words. Null when every word was searched.
   */
  searchedFor: string | null;
  /** A price range the words asked for ("under 1000"). */
  price: PriceWords | null;
  /** An order the words asked for: "sasta" is the cheapest first. */
  sort: 'price_asc' | 'price_desc' | null;
  /** How the text was read, to say which words were searched once some are left out. */
  reading: {
    /** The text without its price words. */
    rest: string;
    /** Its tokens, and those kept as meaningful (before spelling was put right). */
    typed: string[];
    tokens: string[];
    /** Mistyped words and what they were read as. */
    corrections: Map<string, string>;
  };
}

/** The words of a search whose place in the products' names is scored; more cost more and change little. */
const SCORED_WORDS = 5;

interface StoreWords {
  vocabulary: Vocabulary;
  /** The newest `updated_at` read into the vocabulary. */
  readUpTo: string;
  kinds: { category: string; parentCategory: string | null }[];
}

/**
 * Reads shoppers' words for one store: price words, filler words, synonyms, spelling against the
 * store's vocabulary, the words that match nothing, and the query for its database. The vocabulary
 * is read once and then only what changed since (products whose `updated_at` is newer), so a
 * search pays for it only after the catalogue moved.
 */
export class Searcher {
  private readonly words = new Map<string, StoreWords>();
  private readonly builtIn = synonymTable(withDevanagari(BUILT_IN_SYNONYMS));

  readonly dialect: 'sqlite' | 'postgres';

  constructor(private readonly db: Database) {
    this.dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  }

  async plan(storeId: string, text: string, storeSynonyms: string[][] = []): Promise<SearchPlan | undefined> {
    const { price, rest } = readPriceWords(text);
    const typed = searchTokens(rest);
    const orderWord = typed.findLast((token) => CHEAP_WORDS.has(token) || DEAR_WORDS.has(token));
    const sort = orderWord === undefined ? null : CHEAP_WORDS.has(orderWord) ? 'price_asc' : 'price_desc';
    const meaningful = typed.filter(
      (token) => !FILLER_WORDS.has(token) && !CHEAP_WORDS.has(token) && !DEAR_WORDS.has(token),
    );
    // Nothing but filler ("the"): those words are searched after all, as the shopper typed them.
    const tokens = meaningful.length || price || sort ? meaningful : typed;
    if (!tokens.length && !price && !sort) return undefined;
    const table = [...synonymTable(storeSynonyms), ...this.builtIn];
    const known = synonymTokens(table);
    const { vocabulary } = await this.storeWords(storeId);
    const corrections = new Map<string, string>();
    const corrected = tokens.map((token) => {
      const right = vocabulary.correct(token, known);
      if (right !== token) corrections.set(token, right);
      return right;
    });
    const reading = { rest, typed, tokens, corrections };
    const plan: SearchPlan = {
      terms: termsOf(corrected, table),
      joined: 'all',
      correctedQuery: corrections.size ? rewrite(text, corrections) : null,
      searchedFor: null,
      price,
      sort,
      reading,
    };
    return withWordsShown(plan);
  }

  /**
   * When a search found nothing: the words some product has, all required if some product has
   * them all, else any of them (best matches first). Undefined when that changes nothing (no
   * product has any of the words, or the only word is had by products the filters leave out).
   * Looked up only then, a word at a time, so a search that finds something pays nothing for it.
   */
  async settle(storeId: string, plan: SearchPlan): Promise<SearchPlan | undefined> {
    const { terms } = plan;
    if (!terms.length || plan.joined === 'any') return undefined;
    const found = await Promise.all(terms.map((term) => this.anyMatches(storeId, [term])));
    const kept = terms.filter((_, index) => found[index]);
    if (!kept.length || (kept.length === terms.length && terms.length === 1)) return undefined;
    const all = kept.length === 1 || (kept.length < terms.length && (await this.anyMatches(storeId, kept)));
    return withWordsShown({ ...plan, terms: kept, joined: all ? 'all' : 'any' });
  }

  /** Whether any product the store shows has all these words. */
  private async anyMatches(storeId: string, terms: QueryTerm[]): Promise<boolean> {
    const match = this.query({ terms, joined: 'all' });
    const found =
      this.dialect === 'sqlite'
        ? sql`select 1 as one from product_search join product_search_ids ids on ids.rowid = product_search.rowid
            join products p on p.id = ids.product_id
            where product_search match ${match} and ids.store_id = ${storeId} and ${shownOnly('p')} limit 1`
        : sql`select 1 as one from products p where p.store_id = ${storeId}
            and p.search_vector @@ to_tsquery('english', ${match}) and ${shownOnly('p')} limit 1`;
    return (await found.execute(this.db)).rows.length > 0;
  }

  /** The plan's condition for the database, the last word as a prefix when the shopper is still typing it. */
  query(plan: Pick<SearchPlan, 'terms' | 'joined'>, lastIsPrefix = false): string {
    return this.dialect === 'sqlite'
      ? fts5Match(plan.terms, lastIsPrefix, plan.joined)
      : tsQuery(plan.terms, lastIsPrefix, plan.joined);
  }

  /**
   * Each word's condition on the products' names: in the title, and in the title, category or
   * type. A product scores 2 for each word its title has and 1 for each its category or type
   * has, and is listed by that score before the weighted relevance: "mobile charger" lists a
   * charger that mentions phones before a hub that mentions both in its description.
   */
  nameConditions(plan: Pick<SearchPlan, 'terms'>): string[] {
    return plan.terms
      .slice(0, SCORED_WORDS)
      .flatMap((term) =>
        this.dialect === 'sqlite'
          ? [`title : (${fts5Match([term])})`, `{title kind} : (${fts5Match([term])})`]
          : [tsQuery([term], false, 'all', 'A'), tsQuery([term], false, 'all', 'AB')],
      );
  }

  /**
   * The words exactly as typed (no synonyms, no spelling put right), every one required and the
   * last as the start of a word: what a search box asks while the words are still being typed.
   */
  asTyped(tokens: string[]): string {
    return this.query(
      { terms: tokens.map((token) => ({ phrasings: [[token]], typed: [token] })), joined: 'all' },
      true,
    );
  }

  /** The store's categories and types, for suggestions. */
  async kinds(storeId: string): Promise<StoreWords['kinds']> {
    return (await this.storeWords(storeId)).kinds;
  }

  private async storeWords(storeId: string): Promise<StoreWords> {
    const newest = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.max('updated_at').as('newest'))
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    const stamp = String(newest?.newest ?? '');
    let words = this.words.get(storeId);
    if (words && words.readUpTo >= stamp) return words;
    words ??= { vocabulary: new Vocabulary(), readUpTo: '', kinds: [] };
    let after = { updatedAt: words.readUpTo, id: '' };
    for (;;) {
      const rows = await this.db
        .selectFrom('products')
        .select(['id', 'updated_at', 'search_title', 'search_kind', 'search_specs'])
        .where('store_id', '=', storeId)
        .where(shownOnly())
        .where((eb) =>
          eb.or([
            eb('updated_at', '>', after.updatedAt),
            eb.and([eb('updated_at', '=', after.updatedAt), eb('id', '>', after.id)]),
          ]),
        )
        .orderBy('updated_at')
        .orderBy('id')
        .limit(5000)
        .execute();
      for (const row of rows) {
        words.vocabulary.add(row.search_title);
        words.vocabulary.add(row.search_kind);
        words.vocabulary.add(row.search_specs);
      }
      const last = rows.at(-1);
      if (!last || rows.length < 5000) break;
      after = { updatedAt: last.updated_at, id: last.id };
    }
    words.kinds = (
      await this.db
        .selectFrom('products')
        .select(['category', 'parent_category'])
        .distinct()
        .where('store_id', '=', storeId)
        .where(shownOnly())
        .execute()
    ).map((row) => ({ category: row.category, parentCategory: row.parent_category }));
    words.readUpTo = stamp;
    this.words.set(storeId, words);
    return words;
  }
}

/** The shopper's own text with each mistyped word replaced, so they read what was searched. */
function rewrite(text: string, corrections: Map<string, string>): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => corrections.get(word.toLowerCase()) ?? word);
}

/**
 * The plan with the words it searched (`searchedFor`) when some typed words were not: filler,
 * price or order words, words no product has; null when every word was searched.
 */
function withWordsShown(plan: SearchPlan): SearchPlan {
  const { rest, typed, tokens, corrections } = plan.reading;
  const searched = new Set(plan.terms.flatMap((term) => term.typed));
  const dropped = new Set(typed.filter((token) => !tokens.includes(token)));
  for (const token of tokens) {
    const read = corrections.get(token) ?? token;
    if (!searched.has(read)) dropped.add(token).add(read);
  }
  for (const token of searched) dropped.delete(token);
  const searchedFor = dropped.size || plan.price ? shownWords(rewrite(rest, corrections), dropped) : null;
  return { ...plan, searchedFor };
}

/** The shopper's own words without those that were not searched ("usb c hub for macbook" → "usb c hub"). */
function shownWords(text: string, dropped: Set<string>): string {
  return text
    .split(/\s+/)
    .filter((word) => {
      const tokens = searchTokens(word);
      return tokens.length > 0 && !tokens.every((token) => dropped.has(token));
    })
    .join(' ');
}
