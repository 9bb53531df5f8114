import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

// Search: each product's words as the search reads them, a full-text index kept by the database
// itself (FTS5 on SQLite, a weighted tsvector on PostgreSQL), its specifications one row per
// value for filters and facets, and the price a shopper pays and the discount, for sorting.

/** As `PRODUCT_SEARCH_SQL` of modules/catalog/search/search-index.ts read when this migration was released. */
const PRODUCT_SEARCH_SQL = {
  sqlite: {
    create: [
      'create table product_search_ids (rowid integer primary key, product_id text not null unique)',
      "create virtual table product_search using fts5(title, kind, specs, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')",
      'insert into product_search_ids (product_id) select id from products order by id',
      `insert into product_search (rowid, title, kind, specs, body)
        select (select rowid from product_search_ids where product_id = p.id), p.search_title, p.search_kind, p.search_specs, p.description from products p`,
      `create trigger products_search_insert after insert on products begin
        insert into product_search_ids (product_id) values (new.id);
        insert into product_search (rowid, title, kind, specs, body)
          values ((select rowid from product_search_ids where product_id = new.id), new.search_title, new.search_kind, new.search_specs, new.description);
        insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select new.id, new.store_id, trim(json_extract(a.value, '$.key')), lower(trim(json_extract(a.value, '$.key'))),
    trim(v.value), lower(trim(v.value)), nullif(trim(json_extract(a.value, '$.metricUnit')), '')
  from json_each(new.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '';
      end`,
      `create trigger products_search_update after update of search_title, search_kind, search_specs, description on products begin
        delete from product_search where rowid = (select rowid from product_search_ids where product_id = old.id);
        insert into product_search (rowid, title, kind, specs, body)
          values ((select rowid from product_search_ids where product_id = new.id), new.search_title, new.search_kind, new.search_specs, new.description);
      end`,
      `create trigger products_specs_update after update of attributes_json on products begin
        delete from product_specs where product_id = old.id;
        insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select new.id, new.store_id, trim(json_extract(a.value, '$.key')), lower(trim(json_extract(a.value, '$.key'))),
    trim(v.value), lower(trim(v.value)), nullif(trim(json_extract(a.value, '$.metricUnit')), '')
  from json_each(new.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '';
      end`,
      `create trigger products_search_delete after delete on products begin
        delete from product_search where rowid = (select rowid from product_search_ids where product_id = old.id);
        delete from product_search_ids where product_id = old.id;
      end`,
    ],
    specsOfAll: `insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select p.id, p.store_id, trim(json_extract(a.value, '$.key')), lower(trim(json_extract(a.value, '$.key'))),
    trim(v.value), lower(trim(v.value)), nullif(trim(json_extract(a.value, '$.metricUnit')), '')
  from products p, json_each(p.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> ''`,
  },
  postgres: {
    create: [
      'alter table products add column search_vector tsvector',
      `create function products_search_vector() returns trigger language plpgsql as $$
      begin
        new.search_vector := 
          setweight(to_tsvector('english', new.search_title), 'A') ||
          setweight(to_tsvector('english', new.search_kind), 'B') ||
          setweight(to_tsvector('english', new.search_specs), 'C') ||
          setweight(to_tsvector('english', new.description), 'D');
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
        insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select new.id, new.store_id, btrim(a->>'key'), lower(btrim(a->>'key')), btrim(v), lower(btrim(v)),
    nullif(btrim(a->>'metricUnit'), '')
  from jsonb_array_elements(new.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> '';
        return null;
      end $$`,
      `create trigger products_specs after insert or update of attributes_json on products
        for each row execute function products_specs()`,
    ],
    specsOfAll: `insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select p.id, p.store_id, btrim(a->>'key'), lower(btrim(a->>'key')), btrim(v), lower(btrim(v)),
    nullif(btrim(a->>'metricUnit'), '')
  from products p, jsonb_array_elements(p.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> ''`,
  },
} as const;

// The shop's search words as they were read when this migration was released (the catalogue's
// search/text.ts then): existing products got their words by these rules, whatever the shop reads now.

/** Spellings of one thing, rewritten before the text is split into words. */
const SAME_THING: [RegExp, string][] = [
  [/\b(?:usb[\s-]*)?type[\s-]*c\b|\busb[\s-]*c\b/g, ' usb usbc '],
  [/\b(?:usb[\s-]*)?type[\s-]*a\b|\busb-a\b|\busba\b/g, ' usb usba '],
  [/\b(?:pen|thumb|flash)[\s-]*drives?\b/g, ' flashdrive '],
  [/\bwi[\s-]?fi\b/g, ' wifi '],
  [/\brj[\s-]?45\b/g, ' rj45 ethernet '],
  [/\blan\b/g, ' ethernet '],
];

const NOT_ASCII = /[\u0080-\uffff]/;

const WORD = /\d+(?:\.\d+)?|[\p{L}\p{N}]+/gu;

/** The search tokens of a text, in order. */
function searchTokens(text: string): string[] {
  // Plain ASCII has no accents to take off: the Unicode decomposition was a third of an import's time.
  let prepared = (NOT_ASCII.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text)
    .toLowerCase()
    // A number and its unit are two words; a decimal point stays inside the number.
    .replace(/(\d)(?=[\p{L}])/gu, '$1 ')
    .replace(/(\p{L})(?=\d)/gu, '$1 ');
  for (const [pattern, replacement] of SAME_THING) prepared = prepared.replace(pattern, replacement);
  return (prepared.match(WORD) ?? []).map((word) => word.replace('.', 'p'));
}

/** A text as the search index stores it: its tokens, one space apart. */
const searchText = (text: string): string => searchTokens(text).join(' ');

interface SearchableProduct {
  sku: string;
  title: string;
  category: string;
  parentCategory: string | null;
  attributes: { key: string; value: string[]; metricUnit?: string | null }[];
}

/** The words a product's kind is found by: its category, its type and its SKU. */
const searchKind = (category: string, parentCategory: string | null, sku: string): string =>
  searchText([category, parentCategory ?? '', sku].join(' '));

/**
 * What a product is found by, by weight: its title; its category, type and SKU; its
 * specifications (names, values and units). The description is indexed as it is.
 */
function searchColumns(product: SearchableProduct) {
  return {
    search_title: searchText(product.title),
    search_kind: searchKind(product.category, product.parentCategory, product.sku),
    search_specs: searchText(
      product.attributes
        .filter((attribute) => attribute.key.trim().toLowerCase() !== 'featured')
        .map((attribute) => [attribute.key, ...attribute.value, attribute.metricUnit ?? ''].join(' '))
        .join(' '),
    ),
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['search_title', 'search_kind', 'search_specs'])
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .alterTable('products')
    .addColumn('effective_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update products set effective_price = coalesce(discounted_price, regular_price),
        discount_bp = case when discounted_price is null or regular_price <= 0 then 0
          else ((regular_price - discounted_price) * 10000) / regular_price end`.execute(db);
  for (const [name, columns] of [
    ['products_by_price', ['store_id', 'hidden', 'effective_price', 'id']],
    ['products_by_time', ['store_id', 'hidden', 'created_at', 'id']],
    ['products_by_discount', ['store_id', 'hidden', 'discount_bp', 'id']],
    ['products_updated', ['store_id', 'updated_at']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('products')
      .columns([...columns])
      .execute();

  await db.schema
    .createTable('product_specs')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('unit', 'text')
    .execute();
  await db.schema.createIndex('product_specs_product').on('product_specs').column('product_id').execute();
  await db.schema
    .createIndex('product_specs_filter')
    .on('product_specs')
    .columns(['store_id', 'name_key', 'value_key', 'product_id'])
    .execute();

  const dialect = dialectOf(db);
  for (const statement of PRODUCT_SEARCH_SQL[dialect].create) await sql.raw(statement).execute(db);

  // Existing products: their words (written through the triggers into the index) and specifications.
  let after = '';
  for (;;) {
    const rows = await sql<{
      id: string;
      sku: string;
      title: string;
      category: string;
      parent_category: string | null;
      attributes_json: string;
    }>`
          select id, sku, title, category, parent_category, attributes_json from products
          where id > ${after} order by id limit 500`.execute(db);
    for (const row of rows.rows) {
      const columns = searchColumns({
        sku: row.sku,
        title: row.title,
        category: row.category,
        parentCategory: row.parent_category,
        attributes: JSON.parse(row.attributes_json),
      });
      await sql`update products set search_title = ${columns.search_title}, search_kind = ${columns.search_kind},
            search_specs = ${columns.search_specs} where id = ${row.id}`.execute(db);
    }
    if (rows.rows.length < 500) break;
    after = rows.rows[rows.rows.length - 1]?.id ?? after;
  }
  await sql.raw(PRODUCT_SEARCH_SQL[dialect].specsOfAll).execute(db);
}
