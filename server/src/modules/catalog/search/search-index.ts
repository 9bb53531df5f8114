/**
 * The search index and the specification rows are kept by the database itself, in the
 * transaction of every write to a product (an import, a back-office edit, a load from a dump),
 * so no writer can forget them and nothing needs rebuilding.
 *
 * SQLite: an FTS5 table of each product's weighted fields (title, kind, specifications,
 * description) with the Porter stemmer, keyed by a stable number from `product_search_ids`
 * (a plain rowid of `products` may change on VACUUM). PostgreSQL: a `search_vector` column
 * with the same fields as weights A–D under the English configuration, and a GIN index.
 *
 * Each statement list is what one migration ran, and stays as it ran: the later one replaces
 * SQLite's insert trigger to keep each product's store beside its number.
 */
import { TRIGGERS_RUN } from '../bulk-write.js';

const SQLITE_SPECS_OF = (row: string) => `
  select ${row}.id, ${row}.store_id, trim(json_extract(a.value, '$.key')), lower(trim(json_extract(a.value, '$.key'))),
    trim(v.value), lower(trim(v.value)), nullif(trim(json_extract(a.value, '$.metricUnit')), '')
  from json_each(${row}.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> ''`;

const POSTGRES_SPECS_OF = (row: string) => `
  select ${row}.id, ${row}.store_id, btrim(a->>'key'), lower(btrim(a->>'key')), btrim(v), lower(btrim(v)),
    nullif(btrim(a->>'metricUnit'), '')
  from jsonb_array_elements(${row}.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> ''`;

/** PostgreSQL: a product's words, weighted by field (what the trigger computes, and a bulk write in its own statement). */
export const POSTGRES_SEARCH_VECTOR = (row: string) => `
          setweight(to_tsvector('english', ${row}.search_title), 'A') ||
          setweight(to_tsvector('english', ${row}.search_kind), 'B') ||
          setweight(to_tsvector('english', ${row}.search_specs), 'C') ||
          setweight(to_tsvector('english', ${row}.description), 'D')`;

const SPECS_COLUMNS = 'product_specs (product_id, store_id, name, name_key, value, value_key, unit)';

const SQLITE_SEARCH_ROW = (row: string) => `(select rowid from product_search_ids where product_id = ${row}.id)`;

/** A new product's number (with what `idsRow` keeps beside it), its words and its specifications. */
const SQLITE_INSERT_TRIGGER = (
  idsRow: string,
  when?: string,
) => `create trigger products_search_insert after insert on products ${when ? `when ${when} ` : ''}begin
        insert into product_search_ids ${idsRow};
        insert into product_search (rowid, title, kind, specs, body)
          values (${SQLITE_SEARCH_ROW('new')}, new.search_title, new.search_kind, new.search_specs, new.description);
        insert into ${SPECS_COLUMNS} ${SQLITE_SPECS_OF('new')};
      end`;

export const PRODUCT_SEARCH_SQL = {
  sqlite: {
    create: [
      'create table product_search_ids (rowid integer primary key, product_id text not null unique)',
      `create virtual table product_search using fts5(title, kind, specs, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')`,
      'insert into product_search_ids (product_id) select id from products order by id',
      `insert into product_search (rowid, title, kind, specs, body)
        select ${SQLITE_SEARCH_ROW('p')}, p.search_title, p.search_kind, p.search_specs, p.description from products p`,
      SQLITE_INSERT_TRIGGER('(product_id) values (new.id)'),
      `create trigger products_search_update after update of search_title, search_kind, search_specs, description on products begin
        delete from product_search where rowid = ${SQLITE_SEARCH_ROW('old')};
        insert into product_search (rowid, title, kind, specs, body)
          values (${SQLITE_SEARCH_ROW('new')}, new.search_title, new.search_kind, new.search_specs, new.description);
      end`,
      `create trigger products_specs_update after update of attributes_json on products begin
        delete from product_specs where product_id = old.id;
        insert into ${SPECS_COLUMNS} ${SQLITE_SPECS_OF('new')};
      end`,
      `create trigger products_search_delete after delete on products begin
        delete from product_search where rowid = ${SQLITE_SEARCH_ROW('old')};
        delete from product_search_ids where product_id = old.id;
      end`,
    ],
    specsOfAll: `insert into ${SPECS_COLUMNS} ${SQLITE_SPECS_OF('p')}`.replace(
      'from json_each',
      'from products p, json_each',
    ),
  },
  postgres: {
    create: [
      'alter table products add column search_vector tsvector',
      `create function products_search_vector() returns trigger language plpgsql as $$
      begin
        new.search_vector := ${POSTGRES_SEARCH_VECTOR('new')};
        return new;
      end $$`,
      `create trigger products_search_vector before insert or update of search_title, search_kind, search_specs, description
        on products for each row execute function products_search_vector()`,
      'update products set search_title = search_title',
      'create index products_search on products using gin (search_vector)',
      `create function products_specs() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          if new.attributes_json is not distinct from old.attributes_json then return null; end if;
          delete from product_specs where product_id = old.id;
        end if;
        insert into ${SPECS_COLUMNS} ${POSTGRES_SPECS_OF('new')};
        return null;
      end $$`,
      `create trigger products_specs after insert or update of attributes_json on products
        for each row execute function products_specs()`,
    ],
    specsOfAll: `insert into ${SPECS_COLUMNS} ${POSTGRES_SPECS_OF('p')}`.replace(
      'from jsonb_array_elements',
      'from products p, jsonb_array_elements',
    ),
  },
} as const;

/**
 * The store of each indexed product beside its number, so the back office counts a search of one
 * store from the index without reading the products; and an index of lower-cased SKUs for its
 * "SKU begins with" half.
 */
export const SEARCH_BY_STORE_SQL = {
  sqlite: [
    'alter table product_search_ids add column store_id text',
    `update product_search_ids set store_id = (select store_id from products where products.id = product_search_ids.product_id)`,
    'drop trigger products_search_insert',
    SQLITE_INSERT_TRIGGER('(product_id, store_id) values (new.id, new.store_id)'),
    'create index products_sku_lower on products (lower(sku))',
  ],
  postgres: ['create index products_sku_prefix on products (store_id, lower(sku) text_pattern_ops)'],
} as const;

/**
 * PostgreSQL: each product's words again in a narrow table of their own, kept by a trigger in the
 * same transaction. Counting the matches of a search must read each matching row (a GIN index
 * always has its matches checked); a product's row holds its description and pictures, so a search
 * matching one product in six read nearly the whole table. These rows are a tenth of the size.
 */
export const PRODUCT_WORDS_SQL = [
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

/**
 * The row triggers of the search index and the specifications run only when a bulk write has not
 * paused them (bulk-write.ts); the bulk write then writes the same rows with `searchOfProducts`.
 */
export const SEARCH_TRIGGERS_PAUSABLE_SQL = {
  sqlite: [
    'drop trigger products_search_insert',
    SQLITE_INSERT_TRIGGER('(product_id, store_id) values (new.id, new.store_id)', TRIGGERS_RUN.sqlite),
  ],
  postgres: [
    'drop trigger products_search_vector on products',
    `create trigger products_search_vector before insert or update of search_title, search_kind, search_specs, description
      on products for each row when (${TRIGGERS_RUN.postgres}) execute function products_search_vector()`,
    'drop trigger products_specs on products',
    `create trigger products_specs after insert or update of attributes_json on products
      for each row when (${TRIGGERS_RUN.postgres}) execute function products_specs()`,
    'drop trigger products_words on products',
    `create trigger products_words after insert or update of search_title, search_kind, search_specs, description
      on products for each row when (${TRIGGERS_RUN.postgres}) execute function products_words()`,
  ],
} as const;

/**
 * Set-based, what the insert triggers write for each new product, for the new products `p` that
 * `where` selects: their numbers and words, and their specifications. On PostgreSQL the words
 * (`search_vector`) are the bulk insert's own (POSTGRES_SEARCH_VECTOR); their copy in `product_words` is written here.
 */
export const searchOfProducts = (dialect: 'sqlite' | 'postgres', where: string): string[] =>
  dialect === 'sqlite'
    ? [
        `insert into product_search_ids (product_id, store_id) select p.id, p.store_id from products p where ${where}`,
        `insert into product_search (rowid, title, kind, specs, body)
          select i.rowid, p.search_title, p.search_kind, p.search_specs, p.description
          from products p join product_search_ids i on i.product_id = p.id where ${where}`,
        `${PRODUCT_SEARCH_SQL.sqlite.specsOfAll} and (${where})`,
      ]
    : [
        `insert into product_words (product_id, store_id, words) select p.id, p.store_id, p.search_vector from products p where ${where}`,
        `${PRODUCT_SEARCH_SQL.postgres.specsOfAll} and (${where})`,
      ];

/**
 * PostgreSQL: a product's specifications and words are rows derived from it, written only by its
 * triggers and by bulk writes in the product's own transaction. Their foreign keys checked each
 * row written against its product, one lookup a row (about half of what an import's 5,00,000
 * specification rows cost); they give way to one statement trigger that deletes the rows of the
 * products a statement deletes, as the keys' cascade did. (SQLite's checks are a lookup in the same
 * file's index, and stay.)
 */
export const DERIVED_ROWS_UNCHECKED_SQL = [
  `do $$ declare c record;
  begin
    for c in select conrelid::regclass as derived, conname from pg_constraint
      where contype = 'f' and conrelid in ('product_specs'::regclass, 'product_words'::regclass) loop
      execute format('alter table %s drop constraint %I', c.derived, c.conname);
    end loop;
  end $$`,
  `create function products_derived_delete() returns trigger language plpgsql as $$
  begin
    delete from product_specs where product_id in (select id from removed);
    delete from product_words where product_id in (select id from removed);
    return null;
  end $$`,
  `create trigger products_derived_delete after delete on products referencing old table as removed
    for each statement execute function products_derived_delete()`,
] as const;
