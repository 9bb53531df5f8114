import { SqliteAdapter } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { shownOnly } from '../shown.js';
import { fts5Match, tsQuery } from './match.js';
import { Vocabulary } from './speller.js';
import { BUILT_IN_SYNONYMS, type QueryTerm, synonymTable, synonymTokens, termsOf } from './synonyms.js';
import { searchTokens } from './text.js';

/** Words that carry no meaning in a product search ("hub for macbook" is "hub macbook"). */
const STOP_WORDS = new Set(['a', 'an', 'the', 'for', 'with', 'and', 'of', 'to', 'in', 'on', 'by', 'or']);

/** What a shopper's words became: the full-text query, and the words searched when some were mistyped. */
export interface SearchPlan {
  terms: QueryTerm[];
  /** The shopper's text with the mistyped words put right; null when nothing was. */
  correctedQuery: string | null;
}

interface StoreWords {
  vocabulary: Vocabulary;
  /** The newest `updated_at` read into the vocabulary. */
  readUpTo: string;
  kinds: { category: string; parentCategory: string | null }[];
}

/**
 * Reads shoppers' words for one store: synonyms, spelling against the store's vocabulary, and
 * the query for its database. The vocabulary is read once and then only what changed since
 * (products whose `updated_at` is newer), so a search pays for it only after the catalogue moved.
 */
export class Searcher {
  private readonly words = new Map<string, StoreWords>();
  private readonly builtIn = synonymTable(BUILT_IN_SYNONYMS);

  readonly dialect: 'sqlite' | 'postgres';

  constructor(private readonly db: Database) {
    this.dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  }

  async plan(storeId: string, text: string, storeSynonyms: string[][] = []): Promise<SearchPlan | undefined> {
    const typed = searchTokens(text);
    const meaningful = typed.filter((token) => !STOP_WORDS.has(token));
    const tokens = meaningful.length ? meaningful : typed;
    if (!tokens.length) return undefined;
    const table = [...synonymTable(storeSynonyms), ...this.builtIn];
    const known = synonymTokens(table);
    const { vocabulary } = await this.storeWords(storeId);
    const corrections = new Map<string, string>();
    const corrected = tokens.map((token) => {
      const right = vocabulary.correct(token, known);
      if (right !== token) corrections.set(token, right);
      return right;
    });
    return { terms: termsOf(corrected, table), correctedQuery: corrections.size ? rewrite(text, corrections) : null };
  }

  /** The plan's condition for the database, the last word as a prefix when the shopper is still typing it. */
  query(plan: SearchPlan, lastIsPrefix = false): string {
    return this.dialect === 'sqlite' ? fts5Match(plan.terms, lastIsPrefix) : tsQuery(plan.terms, lastIsPrefix);
  }

  /**
   * The words exactly as typed (no synonyms, no spelling put right), every one required and the
   * last as the start of a word: what a search box asks while the words are still being typed.
   */
  asTyped(tokens: string[]): string {
    return this.query(
      { terms: tokens.map((token) => ({ phrasings: [[token]], typed: [token] })), correctedQuery: null },
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
