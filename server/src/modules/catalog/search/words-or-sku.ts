import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Searcher } from './searcher.js';
import { searchTokens } from './text.js';

/**
 * Up to this many matches, a page is read by looking each match up by id and sorting them; above
 * it, by walking the catalogue's order until the page is full. A few matches among 1,00,000 would
 * make that walk read every product (0.2 s), many make the look-ups the slow way. The ids are
 * given as a list, so neither database's planner (SQLite has no statistics here, PostgreSQL
 * guesses a prefix's matches badly) can take the other way.
 */
const FEW_MATCHES = 2000;

/** The back office's search box, for one store and one text. */
export interface WordsOrSku {
  /** How many of the store's products match, hidden ones too. */
  count(): Promise<number>;
  /**
   * The condition on `products` for the store's products that match, its shape chosen by how
   * many there are (the store is part of it: SQLite would otherwise read the store by its index).
   */
  condition(matches: number): Promise<Expression<SqlBool>>;
}

/**
 * The store's products having every typed word (the last one as the start of a word, as it is
 * still being typed), or whose SKU begins with the text; undefined when the text has no words.
 * The count comes from the indexes (SQLite) or a narrow copy of the words (PostgreSQL), not the products.
 */
export function wordsOrSku(db: Database, searcher: Searcher, storeId: string, text: string): WordsOrSku | undefined {
  const typed = searchTokens(text);
  if (!typed.length) return undefined;
  const match = searcher.asTyped(typed);
  const skuStart = text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '');
  const { matchIds, many } = searcher.dialect === 'sqlite' ? sqliteMatches() : postgresMatches();

  return {
    async count() {
      const result = await sql<{ count: number | string }>`select count(*) as count from (${matchIds}) matches`.execute(
        db,
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    async condition(matches) {
      if (matches > FEW_MATCHES) return many;
      const ids = (await matchIds.execute(db)).rows.map((row) => row.id);
      // `+`: SQLite looks the few up by id instead of reading the whole store by its index.
      const store = searcher.dialect === 'sqlite' ? sql`+products.store_id` : sql`products.store_id`;
      return ids.length
        ? sql<SqlBool>`${store} = ${storeId} and products.id in (${sql.join(ids)})`
        : sql<SqlBool>`1 = 0`;
    },
  };

  function sqliteMatches() {
    // A range over the index of lower-cased SKUs: SQLite's LIKE cannot use an index on an expression.
    const skuBegins = sql<SqlBool>`lower(products.sku) >= ${skuStart} and lower(products.sku) < ${`${skuStart}\u{10FFFF}`}`;
    const wordIds = sql`select ids.product_id as id from product_search join product_search_ids ids
      on ids.rowid = product_search.rowid where product_search match ${match} and ids.store_id = ${storeId}`;
    return {
      // `+`: the SKUs' index, not the store's, finds the SKUs that begin with the text.
      matchIds: sql<{ id: string }>`${wordIds} union select products.id from products
        where +products.store_id = ${storeId} and ${skuBegins}`,
      // Walk the store in catalogue order and test each product (`+`: rather than look every match up).
      many: sql<SqlBool>`products.store_id = ${storeId} and (+products.id in (${wordIds}) or (${skuBegins}))`,
    };
  }

  function postgresMatches() {
    const query = sql`to_tsquery('english', ${match})`;
    return {
      // The narrow copy of each product's words (see PRODUCT_WORDS_SQL) makes counting cheap.
      matchIds: sql<{ id: string }>`select product_id as id from product_words
        where store_id = ${storeId} and words @@ ${query}
        union select id from products where store_id = ${storeId} and lower(sku) like ${`${skuStart}%`}`,
      many: sql<SqlBool>`products.store_id = ${storeId}
        and (products.search_vector @@ ${query} or lower(products.sku) like ${`${skuStart}%`})`,
    };
  }
}
