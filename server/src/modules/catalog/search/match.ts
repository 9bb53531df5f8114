import type { QueryTerm } from './synonyms.js';

/**
 * A shopper's words as each database's full-text query. Every token is made of letters and
 * digits only (see text.ts), so nothing typed can reach the query syntax: quotes, `*`, `NEAR`,
 * `-`, `:` and parentheses were dropped when the words were read.
 */

/** FTS5: every term must match; a term's phrasings are alternatives; the last word may be a prefix. */
export function fts5Match(terms: QueryTerm[], lastIsPrefix = false): string {
  return terms
    .map((term, index) => {
      const prefix = lastIsPrefix && index === terms.length - 1 ? '*' : '';
      const phrasings = term.phrasings.map((tokens) => `"${tokens.join(' ')}"${prefix}`);
      return phrasings.length > 1 ? `(${phrasings.join(' OR ')})` : phrasings[0];
    })
    .join(' AND ');
}

/** PostgreSQL's to_tsquery: `&` between terms, `|` between phrasings, `<->` within a phrase. */
export function tsQuery(terms: QueryTerm[], lastIsPrefix = false): string {
  return terms
    .map((term, index) => {
      const prefix = lastIsPrefix && index === terms.length - 1 ? ':*' : '';
      const phrasings = term.phrasings.map((tokens) => `${tokens.join(' <-> ')}${prefix}`);
      return phrasings.length > 1 ? `(${phrasings.join(' | ')})` : phrasings[0];
    })
    .join(' & ');
}
