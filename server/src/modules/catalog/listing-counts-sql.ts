/**
 * The browsing listings (everything, a category, a category and type) are counted ahead: what
 * they hold of each type, price band, stock and specification value is kept in two small tables
 * that the database itself updates in the transaction of every write to a product (an import, a
 * back-office edit, an order that sells the last piece, a load from a dump). Reading a listing's
 * total and facets then reads a few hundred rows whatever the catalogue's size, instead of every
 * product it lists.
 *
 * Each row is a sum of the visible products of one store, category and type. SQLite keeps them with
 * row triggers; PostgreSQL with statement triggers over transition tables, so an import of a
 * million products updates each sum once per statement rather than once per product.
 *
 * The price bands are written into the triggers as they were when this migration ran; the listing
 * uses these sums only while its bands are the same (see `PRECOUNTED_BANDS`).
 */

import { TRIGGERS_RUN } from './bulk-write.js';

/** The price bands, in rupees, that the kept sums count (the contract's `PRICE_BANDS` when written). */
export const PRECOUNTED_BANDS = [0, 500, 1000, 2500, 5000, 10000] as const;

const BAND_COLUMNS = PRECOUNTED_BANDS.map((_, index) => `band${index}`);

/** `1` when the row's price is in the band, else `0`; prices are kept in paise. */
const bandTests = (row: string) =>
  PRECOUNTED_BANDS.map((min, index) => {
    const max = PRECOUNTED_BANDS[index + 1];
    const below = max === undefined ? '' : ` and ${row}.effective_price < ${max * 100}`;
    return `case when ${row}.effective_price >= ${min * 100}${below} then 1 else 0 end`;
  });

const KIND_KEY = 'store_id, category_key, parent_category_key, typed, parent_category';
/** The positions' buckets: each is the products of a store, category and type whose position is in one bucket. */
const POSITION_KEY = 'store_id, category_key, parent_category_key, bucket';

/**
 * A browsing listing's products, in the catalogue's order, counted by buckets of this many positions
 * (`position / POSITION_BUCKET`, rounded toward zero): a deep page starts its walk at the bucket that
 * holds its first product instead of walking every product before it (see ListingCounts.pageStart).
 */
export const POSITION_BUCKET = 10_000;
const bucketOf = (row: string) => `${row}.position / ${POSITION_BUCKET}`;
const POSITION_SUM = 'products = listing_position_counts.products + excluded.products';
/** Each spelling apart, so a spelling whose products are gone is no longer shown. */
const SPEC_KEY = 'store_id, category_key, parent_category_key, name_key, value_key, unit, name, value';

const CREATE_TABLES = [
  `create table listing_kind_counts (
    store_id text not null,
    category_key text not null,
    parent_category_key text not null,
    typed integer not null,
    parent_category text not null,
    products integer not null,
    in_stock integer not null,
    ${BAND_COLUMNS.map((column) => `${column} integer not null`).join(',\n    ')},
    primary key (${KIND_KEY}))`,
  `create table listing_spec_counts (
    store_id text not null,
    category_key text not null,
    parent_category_key text not null,
    name_key text not null,
    value_key text not null,
    unit text not null,
    name text not null,
    value text not null,
    products integer not null,
    primary key (${SPEC_KEY}))`,
];

const CREATE_POSITIONS_TABLE = `create table listing_position_counts (
    store_id text not null,
    category_key text not null,
    parent_category_key text not null,
    bucket bigint not null,
    products integer not null,
    primary key (${POSITION_KEY}))`;

/** A product's specification values, each once (as `product_specs` holds them, units '' for none). */
const SQLITE_SPECS = (row: string) => `
  select trim(json_extract(a.value, '$.key')) as name, lower(trim(json_extract(a.value, '$.key'))) as name_key,
    trim(v.value) as value, lower(trim(v.value)) as value_key,
    coalesce(nullif(trim(json_extract(a.value, '$.metricUnit')), ''), '') as unit
  from json_each(${row}.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> ''`;

const POSTGRES_SPECS = (row: string) => `
  select btrim(a->>'key') as name, lower(btrim(a->>'key')) as name_key, btrim(v) as value, lower(btrim(v)) as value_key,
    coalesce(nullif(btrim(a->>'metricUnit'), ''), '') as unit
  from jsonb_array_elements(${row}.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> ''`;

/** The upsert's update: a sum moves by what was added (or taken away, as negative numbers). */
const KIND_SUMS = (table: string) =>
  ['products', 'in_stock', ...BAND_COLUMNS].map((column) => `${column} = ${table}.${column} + excluded.${column}`);

const SPEC_SUM = 'products = listing_spec_counts.products + excluded.products';

/** SQLite: one product's share of the kind sums, with `sign` 1 (added) or -1 (taken away). */
const sqliteKindShare = (row: 'new' | 'old', sign: 1 | -1) => `
  insert into listing_kind_counts (${KIND_KEY}, products, in_stock, ${BAND_COLUMNS.join(', ')})
  select ${row}.store_id, ${row}.category_key, coalesce(${row}.parent_category_key, ''),
    ${row}.parent_category is not null, coalesce(${row}.parent_category, ''),
    ${sign}, ${sign} * (${row}.stock > 0), ${bandTests(row)
      .map((test) => `${sign} * (${test})`)
      .join(', ')}
  where ${row}.hidden = 0
  on conflict (${KIND_KEY}) do update set ${KIND_SUMS('listing_kind_counts').join(', ')};`;

const sqlitePositionShare = (row: 'new' | 'old', sign: 1 | -1) => `
  insert into listing_position_counts (${POSITION_KEY}, products)
  select ${row}.store_id, ${row}.category_key, coalesce(${row}.parent_category_key, ''), ${bucketOf(row)}, ${sign}
  where ${row}.hidden = 0
  on conflict (${POSITION_KEY}) do update set ${POSITION_SUM};`;

const sqliteSpecShare = (row: 'new' | 'old', sign: 1 | -1) => `
  insert into listing_spec_counts (${SPEC_KEY}, products)
  select ${row}.store_id, ${row}.category_key, coalesce(${row}.parent_category_key, ''), name_key, value_key, unit,
    min(name), min(value), ${sign}
  from (${SQLITE_SPECS(row)}) where ${row}.hidden = 0
  group by name_key, value_key, unit
  on conflict (${SPEC_KEY}) do update set ${SPEC_SUM};`;

/** What changes a product's place in the kind sums, and in the specification sums. */
const KIND_CHANGED = `old.hidden is not new.hidden or old.category_key is not new.category_key
  or old.parent_category_key is not new.parent_category_key or old.parent_category is not new.parent_category
  or (old.stock > 0) is not (new.stock > 0) or old.effective_price is not new.effective_price`;
/** What changes a product's place in the kind sums or the positions' buckets. */
const KIND_OR_POSITION_CHANGED = `${KIND_CHANGED} or old.position is not new.position`;
const SPECS_CHANGED = `old.hidden is not new.hidden or old.category_key is not new.category_key
  or old.parent_category_key is not new.parent_category_key or old.attributes_json is not new.attributes_json`;

/**
 * PostgreSQL: the share of every row `r` of a transition table (with whatever it is joined to in
 * `rows`; the row itself, not a copy, so a large update copies no wide rows), summed per key, with `sign` 1 or -1.
 */
const postgresKindShare = (rows: string, r: string, sign: 1 | -1, where = 'true') => `
  insert into listing_kind_counts (${KIND_KEY}, products, in_stock, ${BAND_COLUMNS.join(', ')})
  select ${r}.store_id, ${r}.category_key, coalesce(${r}.parent_category_key, ''),
    (${r}.parent_category is not null)::int, coalesce(${r}.parent_category, ''),
    ${sign} * count(*), ${sign} * sum(case when ${r}.stock > 0 then 1 else 0 end),
    ${bandTests(r)
      .map((test) => `${sign} * sum(${test})`)
      .join(', ')}
  from ${rows} where ${r}.hidden = 0 and (${where})
  group by 1, 2, 3, 4, 5
  on conflict (${KIND_KEY}) do update set ${KIND_SUMS('listing_kind_counts').join(', ')};`;

const postgresPositionShare = (rows: string, r: string, sign: 1 | -1, where = 'true') => `
  insert into listing_position_counts (${POSITION_KEY}, products)
  select ${r}.store_id, ${r}.category_key, coalesce(${r}.parent_category_key, ''), ${bucketOf(r)}, ${sign} * count(*)
  from ${rows} where ${r}.hidden = 0 and (${where})
  group by 1, 2, 3, 4
  on conflict (${POSITION_KEY}) do update set ${POSITION_SUM};`;

const postgresSpecShare = (rows: string, r: string, sign: 1 | -1, where = 'true') => `
  insert into listing_spec_counts (${SPEC_KEY}, products)
  select store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, ${sign} * count(*)
  from (
    select ${r}.id, ${r}.store_id, ${r}.category_key, coalesce(${r}.parent_category_key, '') as parent_category_key,
      s.name_key, s.value_key, s.unit, min(s.name) as name, min(s.value) as value
    from ${rows} cross join lateral (${POSTGRES_SPECS(r)}) s
    where ${r}.hidden = 0 and (${where})
    group by ${r}.id, ${r}.store_id, ${r}.category_key, 4, s.name_key, s.value_key, s.unit) shares
  group by store_id, category_key, parent_category_key, name_key, value_key, unit, name, value
  on conflict (${SPEC_KEY}) do update set ${SPEC_SUM};`;

/**
 * An update's rows before (`o`) and after (`n`), joined by id once, and the test of whether the
 * row's place in the sums moved. (A correlated test per row made a large update quadratic.)
 */
const BEFORE_AFTER = 'moved_old o join moved_new n on n.id = o.id';
const postgresMoved = (changed: string) =>
  changed.replaceAll('old.', 'o.').replaceAll('new.', 'n.').replaceAll(' is not ', ' is distinct from ');

/**
 * Where set-based shares go: straight into the sums (`sums`), or into a transaction's pending
 * tables (`pending`, PostgreSQL: see PENDING_SHARES_TABLES), to be added to the sums at its end.
 */
type SharesInto = 'sums' | 'pending';

const sharesTable = (kind: 'kind' | 'spec' | 'position', into: SharesInto) =>
  into === 'sums' ? `listing_${kind}_counts` : `pending_${kind}_shares`;
const upsert = (into: SharesInto, key: string, set: string) =>
  into === 'sums' ? `on conflict (${key}) do update set ${set}` : '';

/**
 * Set-based, the kind and specification shares of the products `p` that `where` selects (see
 * listingSharesOf; the migration that made the sums ran these alone).
 */
const kindAndSpecSharesOf = (where: string, into: SharesInto = 'sums', specsOf?: string): string[] => [
  `insert into ${sharesTable('kind', into)} (${KIND_KEY}, products, in_stock, ${BAND_COLUMNS.join(', ')})
    select p.store_id, p.category_key, coalesce(p.parent_category_key, ''),
      case when p.parent_category is not null then 1 else 0 end, coalesce(p.parent_category, ''),
      count(*), sum(case when p.stock > 0 then 1 else 0 end), ${bandTests('p')
        .map((test) => `sum(${test})`)
        .join(', ')}
    from products p where ${where}
    group by 1, 2, 3, 4, 5
    ${upsert(into, KIND_KEY, KIND_SUMS('listing_kind_counts').join(', '))}`,
  `insert into ${sharesTable('spec', into)} (${SPEC_KEY}, products)
    select store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, count(*)
    from (
      select p.store_id, p.category_key, coalesce(p.parent_category_key, '') as parent_category_key, s.name_key,
        s.value_key, coalesce(s.unit, '') as unit, min(s.name) as name, min(s.value) as value
      from product_specs s join ${specsOf ?? 'products'} p on p.id = s.product_id
      where ${specsOf ? 'true' : where}
      group by p.id, p.store_id, p.category_key, 3, s.name_key, s.value_key, 6) shares
    where true
    group by 1, 2, 3, 4, 5, 6, 7, 8
    ${upsert(into, SPEC_KEY, SPEC_SUM)}`,
];

/** Set-based, the positions' buckets of the products `p` that `where` selects (see listingSharesOf). */
const positionSharesOf = (where: string, into: SharesInto = 'sums'): string =>
  `insert into ${sharesTable('position', into)} (${POSITION_KEY}, products)
    select p.store_id, p.category_key, coalesce(p.parent_category_key, ''), ${bucketOf('p')}, count(*)
    from products p where ${where}
    group by 1, 2, 3, 4
    ${upsert(into, POSITION_KEY, POSITION_SUM)}`;

/**
 * Set-based, the shares of the products `p` that `where` selects, added to the sums as if they
 * were visible (the caller selects those that are, or are being shown), their specifications
 * read from `product_specs`. SQL that both databases run.
 *
 * `specsOf`, when given, is the same products as a subquery of their id, store_id, category_key and
 * parent_category_key, for the specifications' statement to join instead of `products`: an
 * import's parts give their staged rows (CatalogueStaging.asProducts). Joined to `products`,
 * PostgreSQL's planner, on the statistics of tables still growing in the import's transaction,
 * read every specification row for each part.
 */
export const listingSharesOf = (where: string, specsOf?: string): string[] => [
  ...kindAndSpecSharesOf(where, 'sums', specsOf),
  positionSharesOf(where),
];

/**
 * PostgreSQL: an import's one long transaction gathers its new products' shares in tables of its
 * own (`pendingSharesOf`, dropped at its end) and adds them to the sums in its last statements
 * (PENDING_SHARES_ADDED): it takes the sums' rows only then, so that an order selling the last
 * piece of a product meanwhile does not wait for the whole import.
 */
export const PENDING_SHARES_TABLES = (['kind', 'spec', 'position'] as const).map(
  (kind) => `create temp table ${sharesTable(kind, 'pending')} (like ${sharesTable(kind, 'sums')}) on commit drop`,
);
export const pendingSharesOf = (where: string, specsOf?: string): string[] => [
  ...kindAndSpecSharesOf(where, 'pending', specsOf),
  positionSharesOf(where, 'pending'),
];
export const PENDING_SHARES_ADDED = [
  `insert into listing_kind_counts (${KIND_KEY}, products, in_stock, ${BAND_COLUMNS.join(', ')})
    select ${KIND_KEY}, sum(products), sum(in_stock), ${BAND_COLUMNS.map((column) => `sum(${column})`).join(', ')}
    from pending_kind_shares group by ${KIND_KEY}
    on conflict (${KIND_KEY}) do update set ${KIND_SUMS('listing_kind_counts').join(', ')}`,
  `insert into listing_spec_counts (${SPEC_KEY}, products)
    select ${SPEC_KEY}, sum(products) from pending_spec_shares group by ${SPEC_KEY}
    on conflict (${SPEC_KEY}) do update set ${SPEC_SUM}`,
  `insert into listing_position_counts (${POSITION_KEY}, products)
    select ${POSITION_KEY}, sum(products) from pending_position_shares group by ${POSITION_KEY}
    on conflict (${POSITION_KEY}) do update set ${POSITION_SUM}`,
];

/** The sums of the products there already (the tables are empty: nothing to add to). */
export const LISTING_COUNTS_FILL = listingSharesOf('p.hidden = 0');
/** The same, as the migration that made the sums ran it (before the positions' buckets). */
const FIRST_LISTING_COUNTS_FILL = kindAndSpecSharesOf('p.hidden = 0');

/**
 * PostgreSQL: the function that adds (or takes away) the shares of a statement's inserted (or
 * deleted) rows, with the positions' buckets or (as first made) without.
 */
const postgresRowsFunction = (event: 'insert' | 'delete', rows: string, sign: 1 | -1, positions: boolean) =>
  `create or replace function listing_counts_${event}() returns trigger language plpgsql as $$
    begin
      ${postgresKindShare(`${rows} r`, 'r', sign)}
      ${postgresSpecShare(`${rows} r`, 'r', sign)}
      ${positions ? postgresPositionShare(`${rows} r`, 'r', sign) : ''}
      return null;
    end $$`;

/** PostgreSQL: the function and statement trigger that add (or take away) the shares of inserted (or deleted) rows. */
const postgresRowsTrigger = (event: 'insert' | 'delete', transition: string, rows: string, sign: 1 | -1) => [
  postgresRowsFunction(event, rows, sign, false),
  `create trigger listing_counts_${event} after ${event} on products referencing ${transition}
      for each statement execute function listing_counts_${event}()`,
];

/** PostgreSQL: the function that moves the shares of a statement's updated rows. */
const postgresUpdateFunction = (positions: boolean) => {
  const kindChanged = postgresMoved(positions ? KIND_OR_POSITION_CHANGED : KIND_CHANGED);
  return `create or replace function listing_counts_update() returns trigger language plpgsql as $$
    begin
      ${postgresKindShare(BEFORE_AFTER, 'o', -1, kindChanged)}
      ${postgresKindShare(BEFORE_AFTER, 'n', 1, kindChanged)}
      ${postgresSpecShare(BEFORE_AFTER, 'o', -1, postgresMoved(SPECS_CHANGED))}
      ${postgresSpecShare(BEFORE_AFTER, 'n', 1, postgresMoved(SPECS_CHANGED))}
      ${positions ? postgresPositionShare(BEFORE_AFTER, 'o', -1, kindChanged) : ''}
      ${positions ? postgresPositionShare(BEFORE_AFTER, 'n', 1, kindChanged) : ''}
      return null;
    end $$`;
};

/**
 * SQLite's row triggers of the sums; `run`, when given, a condition on which they run (see
 * bulk-write.ts); `positions`, whether they keep the positions' buckets too.
 */
const sqliteTriggers = (run?: string, positions = false) => {
  const when = (changed?: string) =>
    changed && run ? ` when (${changed}) and ${run}` : changed || run ? ` when ${changed ?? run}` : '';
  const position = (row: 'new' | 'old', sign: 1 | -1) => (positions ? sqlitePositionShare(row, sign) : '');
  return {
    insert: `create trigger listing_counts_insert after insert on products${when()} begin
      ${sqliteKindShare('new', 1)}
      ${sqliteSpecShare('new', 1)}
      ${position('new', 1)}
    end`,
    delete: `create trigger listing_counts_delete after delete on products begin
      ${sqliteKindShare('old', -1)}
      ${sqliteSpecShare('old', -1)}
      ${position('old', -1)}
    end`,
    kindUpdate: `create trigger listing_kind_counts_update after update on products${when(positions ? KIND_OR_POSITION_CHANGED : KIND_CHANGED)} begin
      ${sqliteKindShare('old', -1)}
      ${sqliteKindShare('new', 1)}
      ${position('old', -1)}
      ${position('new', 1)}
    end`,
    specUpdate: `create trigger listing_spec_counts_update after update on products${when(SPECS_CHANGED)} begin
      ${sqliteSpecShare('old', -1)}
      ${sqliteSpecShare('new', 1)}
    end`,
  };
};

export const LISTING_COUNTS_SQL = {
  sqlite: [...CREATE_TABLES, ...Object.values(sqliteTriggers()), ...FIRST_LISTING_COUNTS_FILL],
  postgres: [
    ...CREATE_TABLES,
    ...postgresRowsTrigger('insert', 'new table as added', 'added', 1),
    ...postgresRowsTrigger('delete', 'old table as removed', 'removed', -1),
    postgresUpdateFunction(false),
    `create trigger listing_counts_update after update on products referencing old table as moved_old new table as moved_new
      for each statement execute function listing_counts_update()`,
    ...FIRST_LISTING_COUNTS_FILL,
  ],
} as const;

/**
 * The sums' update triggers (SQLite's insert trigger too) run only when a bulk write has not paused
 * them (bulk-write.ts); showing products written hidden adds their shares with `listingSharesOf`.
 * (PostgreSQL's insert trigger stays: it sums a statement's rows at once. Its update trigger, given
 * the rows before and after, took seconds a statement to show a few thousand.)
 */
export const LISTING_COUNTS_PAUSABLE_SQL = {
  sqlite: [
    'drop trigger listing_counts_insert',
    sqliteTriggers(TRIGGERS_RUN.sqlite).insert,
    'drop trigger listing_kind_counts_update',
    sqliteTriggers(TRIGGERS_RUN.sqlite).kindUpdate,
    'drop trigger listing_spec_counts_update',
    sqliteTriggers(TRIGGERS_RUN.sqlite).specUpdate,
  ],
  postgres: [
    'drop trigger listing_counts_update on products',
    `create trigger listing_counts_update after update on products referencing old table as moved_old new table as moved_new
      for each statement when (${TRIGGERS_RUN.postgres}) execute function listing_counts_update()`,
  ],
} as const;

/**
 * The positions' buckets (POSITION_BUCKET): their table, filled from the visible products, and the
 * sums' triggers made again to keep them too, in their pausable form (bulk-write.ts).
 */
export const LISTING_POSITIONS_SQL = {
  sqlite: [
    CREATE_POSITIONS_TABLE,
    'drop trigger listing_counts_insert',
    sqliteTriggers(TRIGGERS_RUN.sqlite, true).insert,
    'drop trigger listing_counts_delete',
    sqliteTriggers(undefined, true).delete,
    'drop trigger listing_kind_counts_update',
    sqliteTriggers(TRIGGERS_RUN.sqlite, true).kindUpdate,
    positionSharesOf('p.hidden = 0'),
  ],
  postgres: [
    CREATE_POSITIONS_TABLE,
    postgresRowsFunction('insert', 'added', 1, true),
    postgresRowsFunction('delete', 'removed', -1, true),
    postgresUpdateFunction(true),
    positionSharesOf('p.hidden = 0'),
  ],
} as const;

/**
 * PostgreSQL: the sums' insert trigger paused by a bulk write too. Every bulk insert then adds the
 * shares of what it wrote visible itself: at once (listingSharesOf), or at the end of an import's
 * one transaction (pendingSharesOf).
 */
export const LISTING_INSERT_PAUSABLE_SQL = [
  'drop trigger listing_counts_insert on products',
  `create trigger listing_counts_insert after insert on products referencing new table as added
    for each statement when (${TRIGGERS_RUN.postgres}) execute function listing_counts_insert()`,
] as const;
