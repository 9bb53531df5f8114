import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

// A bulk write of products may pause the row triggers of the search index, the specifications and
// the listing sums for its own statement, and write the same rows set-based (see bulk-write.ts).

/** As `BULK_WRITE_TABLE_SQL` of modules/catalog/bulk-write.ts read when this migration was released. */
const BULK_WRITE_TABLE_SQL = 'create table products_bulk_write (paused integer not null)' as const;

/** As `LISTING_COUNTS_PAUSABLE_SQL` of modules/catalog/listing-counts-sql.ts read when this migration was released. */
const LISTING_COUNTS_PAUSABLE_SQL = {
  sqlite: [
    'drop trigger listing_counts_insert',
    `create trigger listing_counts_insert after insert on products when not exists (select 1 from products_bulk_write) begin
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select new.store_id, new.category_key, coalesce(new.parent_category_key, ''),
    new.parent_category is not null, coalesce(new.parent_category, ''),
    1, 1 * (new.stock > 0), 1 * (case when new.effective_price >= 0 and new.effective_price < 50000 then 1 else 0 end), 1 * (case when new.effective_price >= 50000 and new.effective_price < 100000 then 1 else 0 end), 1 * (case when new.effective_price >= 100000 and new.effective_price < 250000 then 1 else 0 end), 1 * (case when new.effective_price >= 250000 and new.effective_price < 500000 then 1 else 0 end), 1 * (case when new.effective_price >= 500000 and new.effective_price < 1000000 then 1 else 0 end), 1 * (case when new.effective_price >= 1000000 then 1 else 0 end)
  where new.hidden = 0
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select new.store_id, new.category_key, coalesce(new.parent_category_key, ''), name_key, value_key, unit,
    min(name), min(value), 1
  from (
  select trim(json_extract(a.value, '$.key')) as name, lower(trim(json_extract(a.value, '$.key'))) as name_key,
    trim(v.value) as value, lower(trim(v.value)) as value_key,
    coalesce(nullif(trim(json_extract(a.value, '$.metricUnit')), ''), '') as unit
  from json_each(new.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '') where new.hidden = 0
  group by name_key, value_key, unit
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
      
    end`,
    'drop trigger listing_kind_counts_update',
    `create trigger listing_kind_counts_update after update on products when (old.hidden is not new.hidden or old.category_key is not new.category_key
  or old.parent_category_key is not new.parent_category_key or old.parent_category is not new.parent_category
  or (old.stock > 0) is not (new.stock > 0) or old.effective_price is not new.effective_price) and not exists (select 1 from products_bulk_write) begin
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select old.store_id, old.category_key, coalesce(old.parent_category_key, ''),
    old.parent_category is not null, coalesce(old.parent_category, ''),
    -1, -1 * (old.stock > 0), -1 * (case when old.effective_price >= 0 and old.effective_price < 50000 then 1 else 0 end), -1 * (case when old.effective_price >= 50000 and old.effective_price < 100000 then 1 else 0 end), -1 * (case when old.effective_price >= 100000 and old.effective_price < 250000 then 1 else 0 end), -1 * (case when old.effective_price >= 250000 and old.effective_price < 500000 then 1 else 0 end), -1 * (case when old.effective_price >= 500000 and old.effective_price < 1000000 then 1 else 0 end), -1 * (case when old.effective_price >= 1000000 then 1 else 0 end)
  where old.hidden = 0
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select new.store_id, new.category_key, coalesce(new.parent_category_key, ''),
    new.parent_category is not null, coalesce(new.parent_category, ''),
    1, 1 * (new.stock > 0), 1 * (case when new.effective_price >= 0 and new.effective_price < 50000 then 1 else 0 end), 1 * (case when new.effective_price >= 50000 and new.effective_price < 100000 then 1 else 0 end), 1 * (case when new.effective_price >= 100000 and new.effective_price < 250000 then 1 else 0 end), 1 * (case when new.effective_price >= 250000 and new.effective_price < 500000 then 1 else 0 end), 1 * (case when new.effective_price >= 500000 and new.effective_price < 1000000 then 1 else 0 end), 1 * (case when new.effective_price >= 1000000 then 1 else 0 end)
  where new.hidden = 0
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
      
    end`,
    'drop trigger listing_spec_counts_update',
    `create trigger listing_spec_counts_update after update on products when (old.hidden is not new.hidden or old.category_key is not new.category_key
  or old.parent_category_key is not new.parent_category_key or old.attributes_json is not new.attributes_json) and not exists (select 1 from products_bulk_write) begin
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select old.store_id, old.category_key, coalesce(old.parent_category_key, ''), name_key, value_key, unit,
    min(name), min(value), -1
  from (
  select trim(json_extract(a.value, '$.key')) as name, lower(trim(json_extract(a.value, '$.key'))) as name_key,
    trim(v.value) as value, lower(trim(v.value)) as value_key,
    coalesce(nullif(trim(json_extract(a.value, '$.metricUnit')), ''), '') as unit
  from json_each(old.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '') where old.hidden = 0
  group by name_key, value_key, unit
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select new.store_id, new.category_key, coalesce(new.parent_category_key, ''), name_key, value_key, unit,
    min(name), min(value), 1
  from (
  select trim(json_extract(a.value, '$.key')) as name, lower(trim(json_extract(a.value, '$.key'))) as name_key,
    trim(v.value) as value, lower(trim(v.value)) as value_key,
    coalesce(nullif(trim(json_extract(a.value, '$.metricUnit')), ''), '') as unit
  from json_each(new.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '') where new.hidden = 0
  group by name_key, value_key, unit
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
    end`,
  ],
  postgres: [
    'drop trigger listing_counts_update on products',
    `create trigger listing_counts_update after update on products referencing old table as moved_old new table as moved_new
      for each statement when (coalesce(current_setting('store.products_bulk_write', true), '') <> 'on') execute function listing_counts_update()`,
  ],
} as const;

/** As `SEARCH_TRIGGERS_PAUSABLE_SQL` of modules/catalog/search/search-index.ts read when this migration was released. */
const SEARCH_TRIGGERS_PAUSABLE_SQL = {
  sqlite: [
    'drop trigger products_search_insert',
    `create trigger products_search_insert after insert on products when not exists (select 1 from products_bulk_write) begin
        insert into product_search_ids (product_id, store_id) values (new.id, new.store_id);
        insert into product_search (rowid, title, kind, specs, body)
          values ((select rowid from product_search_ids where product_id = new.id), new.search_title, new.search_kind, new.search_specs, new.description);
        insert into product_specs (product_id, store_id, name, name_key, value, value_key, unit) 
  select new.id, new.store_id, trim(json_extract(a.value, '$.key')), lower(trim(json_extract(a.value, '$.key'))),
    trim(v.value), lower(trim(v.value)), nullif(trim(json_extract(a.value, '$.metricUnit')), '')
  from json_each(new.attributes_json) a, json_each(json_extract(a.value, '$.value')) v
  where lower(trim(json_extract(a.value, '$.key'))) <> 'featured' and trim(v.value) <> '';
      end`,
  ],
  postgres: [
    'drop trigger products_search_vector on products',
    `create trigger products_search_vector before insert or update of search_title, search_kind, search_specs, description
      on products for each row when (coalesce(current_setting('store.products_bulk_write', true), '') <> 'on') execute function products_search_vector()`,
    'drop trigger products_specs on products',
    `create trigger products_specs after insert or update of attributes_json on products
      for each row when (coalesce(current_setting('store.products_bulk_write', true), '') <> 'on') execute function products_specs()`,
    'drop trigger products_words on products',
    `create trigger products_words after insert or update of search_title, search_kind, search_specs, description
      on products for each row when (coalesce(current_setting('store.products_bulk_write', true), '') <> 'on') execute function products_words()`,
  ],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const statements = [
    ...(dialect === 'sqlite' ? [BULK_WRITE_TABLE_SQL] : []),
    ...SEARCH_TRIGGERS_PAUSABLE_SQL[dialect],
    ...LISTING_COUNTS_PAUSABLE_SQL[dialect],
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
