import { SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { withRowTriggersPaused } from '../bulk-write.js';
import { listingSharesOf, pendingSharesOf } from '../listing-counts-sql.js';
import { POSTGRES_SEARCH_VECTOR, searchOfProducts } from '../search/search-index.js';
import type { CatalogueStaging } from './catalogue-staging.js';
import { PRODUCT_COLUMNS, TEXT_COLUMNS } from './import-columns.js';

/* The set-based statements that write an import's staged rows into the catalogue, a part (seq in (from, to]) at a time. */

/** The catalogue's last position: new products follow it, in the file's order. */
export const lastPosition = async (db: Database, storeId: string): Promise<number> => {
  const last = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return Number(last?.position ?? 0);
};

const WRITTEN = PRODUCT_COLUMNS.filter((column) => column !== 'hidden');
const list = (columns: readonly string[], prefix = '') => sql.raw(columns.map((column) => prefix + column).join(', '));

/**
 * The staged new products with seq in (from, to]: hidden until `show` (`shares` none), or as the
 * file says with their shares of the listing sums added at once (`sums`) or gathered for the end of
 * the transaction (`pending`, PostgreSQL). One statement with the row triggers paused, then their
 * search index, specifications and shares set-based, in the same transaction (see ../bulk-write.ts).
 */
export async function insertNew(
  trx: Database,
  storeId: string,
  staging: CatalogueStaging,
  base: number,
  from: number,
  to: number,
  shares: 'none' | 'sums' | 'pending',
): Promise<void> {
  const dialect = trx.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  // PostgreSQL's words are a column of the product: computed in the insert itself, not by its trigger.
  const words = dialect === 'postgres' ? sql.raw(`, ${POSTGRES_SEARCH_VECTOR('s')}`) : sql``;
  await withRowTriggersPaused(trx, () =>
    sql`insert into products (id, address_code, store_id, created_at, position, hidden, ${list(WRITTEN)}${dialect === 'postgres' ? sql.raw(', search_vector') : sql``})
      select id, address_code, ${storeId}, updated_at, cast(${base} as bigint) + new_position, ${shares === 'none' ? sql.lit(1) : sql.raw('hidden')},
        ${list(WRITTEN)}${words}
      from ${staging.table} s where is_new = 1 and seq > ${from} and seq <= ${to}`.execute(trx),
  );
  const written = staging.holds('p.id', `is_new = 1 and seq > ${from} and seq <= ${to}`);
  for (const statement of searchOfProducts(dialect, written)) await sql.raw(statement).execute(trx);
  // Hidden products are in no listing's sums.
  if (shares === 'none') return;
  // Which are visible is the staged rows' word: `p.hidden = 0` let PostgreSQL's planner walk a
  // partial index of every shown product (see writeInOneTransaction in catalogue-import.ts).
  const shown = `is_new = 1 and hidden = 0 and seq > ${from} and seq <= ${to}`;
  const sharesOf = shares === 'sums' ? listingSharesOf : pendingSharesOf;
  for (const statement of sharesOf(staging.holds('p.id', shown), staging.asProducts(shown)))
    await sql.raw(statement).execute(trx);
}

/**
 * Shows the new products written hidden ahead (those the file does not hide itself, and still
 * hidden): their shares of the listing sums added first, set-based, then one update with the sums'
 * row triggers paused (see ../bulk-write.ts).
 */
export async function show(trx: Database, staging: CatalogueStaging, from: number, to: number): Promise<void> {
  const shown = `p.hidden = 1 and ${staging.holds('p.id', `is_new = 1 and hidden = 0 and seq > ${from} and seq <= ${to}`)}`;
  for (const statement of listingSharesOf(shown)) await sql.raw(statement).execute(trx);
  await withRowTriggersPaused(trx, () => sql.raw(`update products as p set hidden = 0 where ${shown}`).execute(trx));
}

const PLAIN = PRODUCT_COLUMNS.filter(
  (column) => column !== 'attributes_json' && !(TEXT_COLUMNS as readonly string[]).includes(column),
);

/** The staged updates with seq in (from, to]: the search words and specifications only where they changed. */
export async function update(trx: Database, staging: CatalogueStaging, from: number, to: number): Promise<void> {
  const table = staging.table;
  const set = (columns: readonly string[]) => sql.raw(columns.map((column) => `${column} = s.${column}`).join(', '));
  const updated = `is_new = 0 and seq > ${from} and seq <= ${to}`;
  const where = sql`p.id = s.id and s.is_new = 0 and s.seq > ${from} and s.seq <= ${to} and ${sql.raw(staging.holds('p.id', updated))}`;
  await sql`update products as p set ${set(PLAIN)} from ${table} as s where ${where}`.execute(trx);
  await sql`update products as p set ${set(TEXT_COLUMNS)} from ${table} as s where ${where} and s.text_changed = 1`.execute(
    trx,
  );
  await sql`update products as p set attributes_json = s.attributes_json from ${table} as s
    where ${where} and s.attributes_changed = 1`.execute(trx);
}
