import { type Kysely, sql } from 'kysely';
import { dialectOf, runStatements } from './dialect.js';

// The back office counts a search of one store from the indexes alone (see search-index.ts).

/** As `PRODUCT_WORDS_SQL` of modules/catalog/search/search-index.ts read when this migration was released. */
const PRODUCT_WORDS_SQL = [
  `create table product_words (
    product_id text primary key references products (id) on delete cascade,
    store_id text not null,
    words tsvector not null)`,
  `create function products_words() returns trigger language plpgsql as $$
  begin
    insert into product_words (product_id, store_id, words) values (new.id, new.store_id, new.search_vector)
      on conflict (product_id) do update set words = excluded.words;
    return null;
  end $$`,
  `create trigger products_words after insert or update of search_title, search_kind, search_specs, description
    on products for each row execute function products_words()`,
  'insert into product_words (product_id, store_id, words) select id, store_id, search_vector from products',
  'create index product_words_search on product_words using gin (words)',
] as const;

/** As `SEARCH_BY_STORE_SQL` of modules/catalog/search/search-index.ts read when this migration was released. */
const SEARCH_BY_STORE_SQL = {
  sqlite: [
    'alter table product_search_ids add column store_id text',
    'update product_search_ids set store_id = (select store_id from products where products.id = product_search_ids.product_id)',
    'drop trigger products_search_insert',
    `create trigger products_search_insert after insert on products begin
        insert into product_search_ids (product_id, store_id) values (new.id, new.store_id);
        insert into product_search (rowid, title, kind, specs, body)
          values ((select rowid from product_search_ids where product_id = new.id), new.search_title, new.search_kind, new.search_specs, new.description);
        insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select new.id, new.store_id, trim(json_extract(a.value, '$.key')), lower(trim(json_extract(a.value, '$.key'))),
    trim(v.value), lower(trim(v.value)), nullif(trim(json_extract(a.value, '$.metricUnit')), '')
  from json_each(new.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '';
      end`,
    'create index products_sku_lower on products (lower(sku))',
  ],
  postgres: ['create index products_sku_prefix on products (store_id, lower(sku) text_pattern_ops)'],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await runStatements(db, SEARCH_BY_STORE_SQL);
  if (dialect === 'postgres') for (const statement of PRODUCT_WORDS_SQL) await sql.raw(statement).execute(db);
}
