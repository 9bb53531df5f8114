import type { QueryTerm } from './synonyms.js';

/**
 * A shopper's words as each database's full-text query. Every token is made of letters and
 * digits only (see text.ts), so nothing typed can reach the query syntax: quotes, `*`, `NEAR`,
 * `-`, `:` and parentheses were dropped when the words were read.
 */

/** Every term required, or any one of them (when no product has them all). */
export type Joined = 'all' | 'any';

/** FTS5: every (or any) term must match; a term's phrasings are alternatives; the last word may be a prefix. */
export function fts5Match(terms: QueryTerm[], lastIsPrefix = false, joined: Joined = 'all'): string {
  return terms
    .map((term, index) => {
      const prefix = lastIsPrefix && index === terms.length - 1 ? '*' : '';
      const phrasings = term.phrasings.map((tokens) => `"${tokens.join(' ')}"${prefix}`);
      return phrasings.length > 1 ? `(${phrasings.join(' OR ')})` : phrasings[0];
    })
    .join(joined === 'all' ? ' AND ' : ' OR ');
}

/**
 * PostgreSQL's to_tsquery: `&` (or `|`) between terms, `|` between phrasings, `<->` within a
 * phrase; with `weight`, only words of that weight (`A`: the title) match.
 */
export function tsQuery(terms: QueryTerm[], lastIsPrefix = false, joined: Joined = 'all', weight = ''): string {
  return terms
    .map((term, index) => {
      const prefix = lastIsPrefix && index === terms.length - 1 ? '*' : '';
      const label = (last: boolean) => (weight || (last && prefix) ? `:${last ? prefix : ''}${weight}` : '');
      const phrasings = term.phrasings.map((tokens) =>
        tokens.map((token, at) => `${token}${label(at === tokens.length - 1)}`).join(' <-> '),
      );
      return phrasings.length > 1 ? `(${phrasings.join(' | ')})` : phrasings[0];
    })
    .join(joined === 'all' ? ' & ' : ' | ');
}
