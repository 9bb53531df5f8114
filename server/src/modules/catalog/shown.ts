import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The products shoppers may see, as a condition written out (`hidden = 0`, never a bound 0): the
 * listing indexes hold these products alone (see the migration `2026-12-30-listing-indexes-of-shown`),
 * and a planner takes such an index only for a condition it can read in the query's own text.
 * `hiddenOnly` is the back office's other half, with an index of its own.
 */
export const shownOnly = (table?: 'p'): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(column(table))} = 0`;
export const hiddenOnly = (table?: 'p'): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(column(table))} = 1`;

const column = (table?: 'p') => (table ? `${table}.hidden` : 'hidden');
