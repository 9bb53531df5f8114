import type { Kysely } from 'kysely';
import { runStatements } from './dialect.js';

// The browsing listings' products counted by buckets of positions too, so that a deep page need
// not walk every product before it (see ListingCounts.pageStart).

/** As `LISTING_POSITIONS_SQL` of modules/catalog/listing-counts-sql.ts read when this migration was released. */
const LISTING_POSITIONS_SQL = {
  sqlite: [
    `create table listing_position_counts (
    store_id text not null,
    category_key text not null,
    parent_category_key text not null,
    bucket bigint not null,
    products integer not null,
    primary key (store_id, category_key, parent_category_key, bucket))`,
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
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select new.store_id, new.category_key, coalesce(new.parent_category_key, ''), new.position / 10000, 1
  where new.hidden = 0
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
    end`,
    'drop trigger listing_counts_delete',
    `create trigger listing_counts_delete after delete on products begin
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select old.store_id, old.category_key, coalesce(old.parent_category_key, ''),
    old.parent_category is not null, coalesce(old.parent_category, ''),
    -1, -1 * (old.stock > 0), -1 * (case when old.effective_price >= 0 and old.effective_price < 50000 then 1 else 0 end), -1 * (case when old.effective_price >= 50000 and old.effective_price < 100000 then 1 else 0 end), -1 * (case when old.effective_price >= 100000 and old.effective_price < 250000 then 1 else 0 end), -1 * (case when old.effective_price >= 250000 and old.effective_price < 500000 then 1 else 0 end), -1 * (case when old.effective_price >= 500000 and old.effective_price < 1000000 then 1 else 0 end), -1 * (case when old.effective_price >= 1000000 then 1 else 0 end)
  where old.hidden = 0
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
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
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select old.store_id, old.category_key, coalesce(old.parent_category_key, ''), old.position / 10000, -1
  where old.hidden = 0
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
    end`,
    'drop trigger listing_kind_counts_update',
    `create trigger listing_kind_counts_update after update on products when (old.hidden is not new.hidden or old.category_key is not new.category_key
  or old.parent_category_key is not new.parent_category_key or old.parent_category is not new.parent_category
  or (old.stock > 0) is not (new.stock > 0) or old.effective_price is not new.effective_price or old.position is not new.position) and not exists (select 1 from products_bulk_write) begin
      
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
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select old.store_id, old.category_key, coalesce(old.parent_category_key, ''), old.position / 10000, -1
  where old.hidden = 0
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select new.store_id, new.category_key, coalesce(new.parent_category_key, ''), new.position / 10000, 1
  where new.hidden = 0
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
    end`,
    `insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
    select p.store_id, p.category_key, coalesce(p.parent_category_key, ''), p.position / 10000, count(*)
    from products p where p.hidden = 0
    group by 1, 2, 3, 4
    on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products`,
  ],
  postgres: [
    `create table listing_position_counts (
    store_id text not null,
    category_key text not null,
    parent_category_key text not null,
    bucket bigint not null,
    products integer not null,
    primary key (store_id, category_key, parent_category_key, bucket))`,
    `create or replace function listing_counts_insert() returns trigger language plpgsql as $$
    begin
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select r.store_id, r.category_key, coalesce(r.parent_category_key, ''),
    (r.parent_category is not null)::int, coalesce(r.parent_category, ''),
    1 * count(*), 1 * sum(case when r.stock > 0 then 1 else 0 end),
    1 * sum(case when r.effective_price >= 0 and r.effective_price < 50000 then 1 else 0 end), 1 * sum(case when r.effective_price >= 50000 and r.effective_price < 100000 then 1 else 0 end), 1 * sum(case when r.effective_price >= 100000 and r.effective_price < 250000 then 1 else 0 end), 1 * sum(case when r.effective_price >= 250000 and r.effective_price < 500000 then 1 else 0 end), 1 * sum(case when r.effective_price >= 500000 and r.effective_price < 1000000 then 1 else 0 end), 1 * sum(case when r.effective_price >= 1000000 then 1 else 0 end)
  from added r where r.hidden = 0 and (true)
  group by 1, 2, 3, 4, 5
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, 1 * count(*)
  from (
    select r.id, r.store_id, r.category_key, coalesce(r.parent_category_key, '') as parent_category_key,
      s.name_key, s.value_key, s.unit, min(s.name) as name, min(s.value) as value
    from added r cross join lateral (
  select btrim(a->>'key') as name, lower(btrim(a->>'key')) as name_key, btrim(v) as value, lower(btrim(v)) as value_key,
    coalesce(nullif(btrim(a->>'metricUnit'), ''), '') as unit
  from jsonb_array_elements(r.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> '') s
    where r.hidden = 0 and (true)
    group by r.id, r.store_id, r.category_key, 4, s.name_key, s.value_key, s.unit) shares
  group by store_id, category_key, parent_category_key, name_key, value_key, unit, name, value
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select r.store_id, r.category_key, coalesce(r.parent_category_key, ''), r.position / 10000, 1 * count(*)
  from added r where r.hidden = 0 and (true)
  group by 1, 2, 3, 4
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
      return null;
    end $$`,
    `create or replace function listing_counts_delete() returns trigger language plpgsql as $$
    begin
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select r.store_id, r.category_key, coalesce(r.parent_category_key, ''),
    (r.parent_category is not null)::int, coalesce(r.parent_category, ''),
    -1 * count(*), -1 * sum(case when r.stock > 0 then 1 else 0 end),
    -1 * sum(case when r.effective_price >= 0 and r.effective_price < 50000 then 1 else 0 end), -1 * sum(case when r.effective_price >= 50000 and r.effective_price < 100000 then 1 else 0 end), -1 * sum(case when r.effective_price >= 100000 and r.effective_price < 250000 then 1 else 0 end), -1 * sum(case when r.effective_price >= 250000 and r.effective_price < 500000 then 1 else 0 end), -1 * sum(case when r.effective_price >= 500000 and r.effective_price < 1000000 then 1 else 0 end), -1 * sum(case when r.effective_price >= 1000000 then 1 else 0 end)
  from removed r where r.hidden = 0 and (true)
  group by 1, 2, 3, 4, 5
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, -1 * count(*)
  from (
    select r.id, r.store_id, r.category_key, coalesce(r.parent_category_key, '') as parent_category_key,
      s.name_key, s.value_key, s.unit, min(s.name) as name, min(s.value) as value
    from removed r cross join lateral (
  select btrim(a->>'key') as name, lower(btrim(a->>'key')) as name_key, btrim(v) as value, lower(btrim(v)) as value_key,
    coalesce(nullif(btrim(a->>'metricUnit'), ''), '') as unit
  from jsonb_array_elements(r.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> '') s
    where r.hidden = 0 and (true)
    group by r.id, r.store_id, r.category_key, 4, s.name_key, s.value_key, s.unit) shares
  group by store_id, category_key, parent_category_key, name_key, value_key, unit, name, value
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select r.store_id, r.category_key, coalesce(r.parent_category_key, ''), r.position / 10000, -1 * count(*)
  from removed r where r.hidden = 0 and (true)
  group by 1, 2, 3, 4
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
      return null;
    end $$`,
    `create or replace function listing_counts_update() returns trigger language plpgsql as $$
    begin
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select o.store_id, o.category_key, coalesce(o.parent_category_key, ''),
    (o.parent_category is not null)::int, coalesce(o.parent_category, ''),
    -1 * count(*), -1 * sum(case when o.stock > 0 then 1 else 0 end),
    -1 * sum(case when o.effective_price >= 0 and o.effective_price < 50000 then 1 else 0 end), -1 * sum(case when o.effective_price >= 50000 and o.effective_price < 100000 then 1 else 0 end), -1 * sum(case when o.effective_price >= 100000 and o.effective_price < 250000 then 1 else 0 end), -1 * sum(case when o.effective_price >= 250000 and o.effective_price < 500000 then 1 else 0 end), -1 * sum(case when o.effective_price >= 500000 and o.effective_price < 1000000 then 1 else 0 end), -1 * sum(case when o.effective_price >= 1000000 then 1 else 0 end)
  from moved_old o join moved_new n on n.id = o.id where o.hidden = 0 and (o.hidden is distinct from n.hidden or o.category_key is distinct from n.category_key
  or o.parent_category_key is distinct from n.parent_category_key or o.parent_category is distinct from n.parent_category
  or (o.stock > 0) is distinct from (n.stock > 0) or o.effective_price is distinct from n.effective_price or o.position is distinct from n.position)
  group by 1, 2, 3, 4, 5
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
  insert into listing_kind_counts (store_id, category_key, parent_category_key, typed, parent_category, products, in_stock, band0, band1, band2, band3, band4, band5)
  select n.store_id, n.category_key, coalesce(n.parent_category_key, ''),
    (n.parent_category is not null)::int, coalesce(n.parent_category, ''),
    1 * count(*), 1 * sum(case when n.stock > 0 then 1 else 0 end),
    1 * sum(case when n.effective_price >= 0 and n.effective_price < 50000 then 1 else 0 end), 1 * sum(case when n.effective_price >= 50000 and n.effective_price < 100000 then 1 else 0 end), 1 * sum(case when n.effective_price >= 100000 and n.effective_price < 250000 then 1 else 0 end), 1 * sum(case when n.effective_price >= 250000 and n.effective_price < 500000 then 1 else 0 end), 1 * sum(case when n.effective_price >= 500000 and n.effective_price < 1000000 then 1 else 0 end), 1 * sum(case when n.effective_price >= 1000000 then 1 else 0 end)
  from moved_old o join moved_new n on n.id = o.id where n.hidden = 0 and (o.hidden is distinct from n.hidden or o.category_key is distinct from n.category_key
  or o.parent_category_key is distinct from n.parent_category_key or o.parent_category is distinct from n.parent_category
  or (o.stock > 0) is distinct from (n.stock > 0) or o.effective_price is distinct from n.effective_price or o.position is distinct from n.position)
  group by 1, 2, 3, 4, 5
  on conflict (store_id, category_key, parent_category_key, typed, parent_category) do update set products = listing_kind_counts.products + excluded.products, in_stock = listing_kind_counts.in_stock + excluded.in_stock, band0 = listing_kind_counts.band0 + excluded.band0, band1 = listing_kind_counts.band1 + excluded.band1, band2 = listing_kind_counts.band2 + excluded.band2, band3 = listing_kind_counts.band3 + excluded.band3, band4 = listing_kind_counts.band4 + excluded.band4, band5 = listing_kind_counts.band5 + excluded.band5;
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, -1 * count(*)
  from (
    select o.id, o.store_id, o.category_key, coalesce(o.parent_category_key, '') as parent_category_key,
      s.name_key, s.value_key, s.unit, min(s.name) as name, min(s.value) as value
    from moved_old o join moved_new n on n.id = o.id cross join lateral (
  select btrim(a->>'key') as name, lower(btrim(a->>'key')) as name_key, btrim(v) as value, lower(btrim(v)) as value_key,
    coalesce(nullif(btrim(a->>'metricUnit'), ''), '') as unit
  from jsonb_array_elements(o.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> '') s
    where o.hidden = 0 and (o.hidden is distinct from n.hidden or o.category_key is distinct from n.category_key
  or o.parent_category_key is distinct from n.parent_category_key or o.attributes_json is distinct from n.attributes_json)
    group by o.id, o.store_id, o.category_key, 4, s.name_key, s.value_key, s.unit) shares
  group by store_id, category_key, parent_category_key, name_key, value_key, unit, name, value
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
      
  insert into listing_spec_counts (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, products)
  select store_id, category_key, parent_category_key, name_key, value_key, unit, name, value, 1 * count(*)
  from (
    select n.id, n.store_id, n.category_key, coalesce(n.parent_category_key, '') as parent_category_key,
      s.name_key, s.value_key, s.unit, min(s.name) as name, min(s.value) as value
    from moved_old o join moved_new n on n.id = o.id cross join lateral (
  select btrim(a->>'key') as name, lower(btrim(a->>'key')) as name_key, btrim(v) as value, lower(btrim(v)) as value_key,
    coalesce(nullif(btrim(a->>'metricUnit'), ''), '') as unit
  from jsonb_array_elements(n.attributes_json::jsonb) a, jsonb_array_elements_text(a->'value') v
  where lower(btrim(a->>'key')) <> 'featured' and btrim(v) <> '') s
    where n.hidden = 0 and (o.hidden is distinct from n.hidden or o.category_key is distinct from n.category_key
  or o.parent_category_key is distinct from n.parent_category_key or o.attributes_json is distinct from n.attributes_json)
    group by n.id, n.store_id, n.category_key, 4, s.name_key, s.value_key, s.unit) shares
  group by store_id, category_key, parent_category_key, name_key, value_key, unit, name, value
  on conflict (store_id, category_key, parent_category_key, name_key, value_key, unit, name, value) do update set products = listing_spec_counts.products + excluded.products;
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select o.store_id, o.category_key, coalesce(o.parent_category_key, ''), o.position / 10000, -1 * count(*)
  from moved_old o join moved_new n on n.id = o.id where o.hidden = 0 and (o.hidden is distinct from n.hidden or o.category_key is distinct from n.category_key
  or o.parent_category_key is distinct from n.parent_category_key or o.parent_category is distinct from n.parent_category
  or (o.stock > 0) is distinct from (n.stock > 0) or o.effective_price is distinct from n.effective_price or o.position is distinct from n.position)
  group by 1, 2, 3, 4
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
      
  insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
  select n.store_id, n.category_key, coalesce(n.parent_category_key, ''), n.position / 10000, 1 * count(*)
  from moved_old o join moved_new n on n.id = o.id where n.hidden = 0 and (o.hidden is distinct from n.hidden or o.category_key is distinct from n.category_key
  or o.parent_category_key is distinct from n.parent_category_key or o.parent_category is distinct from n.parent_category
  or (o.stock > 0) is distinct from (n.stock > 0) or o.effective_price is distinct from n.effective_price or o.position is distinct from n.position)
  group by 1, 2, 3, 4
  on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products;
      return null;
    end $$`,
    `insert into listing_position_counts (store_id, category_key, parent_category_key, bucket, products)
    select p.store_id, p.category_key, coalesce(p.parent_category_key, ''), p.position / 10000, count(*)
    from products p where p.hidden = 0
    group by 1, 2, 3, 4
    on conflict (store_id, category_key, parent_category_key, bucket) do update set products = listing_position_counts.products + excluded.products`,
  ],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, LISTING_POSITIONS_SQL);
}
