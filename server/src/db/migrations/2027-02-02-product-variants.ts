import { type Kysely, sql } from 'kysely';

// Variants: a product's options (up to three names, e.g. Colour, Length, each with its values) and
// its variants, each with its own SKU, option values, prices, stock, pictures and parcel (null: the
// product's). A product without options has no rows here: it is its own one variant. The product's
// stock stays the sum of its variants' and its prices its cheapest variant's, so listings read it
// unchanged. An order's line keeps the SKU of the variant sold (null on older orders).
//
// A product whose attributes hold sizes and/or colours gets the options Size / Colour and a variant
// per combination, its stock split evenly (the remainder to the first), so nothing is oversold.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('options_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('option1', 'text')
    .addColumn('option2', 'text')
    .addColumn('option3', 'text')
    .addColumn('regular_price', 'integer', (c) => c.notNull())
    .addColumn('discounted_price', 'integer')
    .addColumn('mrp', 'integer')
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('images_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('weight_grams', 'integer')
    .addColumn('length_cm', 'integer')
    .addColumn('breadth_cm', 'integer')
    .addColumn('height_cm', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await sql`create unique index product_variants_sku on product_variants (store_id, lower(sku))`.execute(db);
  await sql`create index product_variants_of_product on product_variants (product_id, position)`.execute(db);
  await db.schema.alterTable('order_items').addColumn('variant_sku', 'text').execute();

  const products = await sql<{
    id: string;
    store_id: string;
    sku: string;
    regular_price: number;
    discounted_price: number | null;
    mrp: number | null;
    stock: number;
    attributes_json: string;
  }>`select id, store_id, sku, regular_price, discounted_price, mrp, stock, attributes_json from products
      where lower(attributes_json) like '%size%' or lower(attributes_json) like '%colo%'
      order by store_id, position, id`.execute(db);
  const taken = new Set(
    (await sql<{ store_id: string; sku: string }>`select store_id, sku from products`.execute(db)).rows.map(
      (row) => `${row.store_id}|${row.sku.toLowerCase()}`,
    ),
  );
  for (const product of products.rows) {
    const attributes = parseAttributes(product.attributes_json);
    const sizes = valuesOf(attributes, ['size', 'sizes']);
    const colours = valuesOf(attributes, ['color', 'colour', 'colours', 'colors']);
    const options = [
      ...(sizes.length ? [{ name: 'Size', values: sizes }] : []),
      ...(colours.length ? [{ name: 'Colour', values: colours }] : []),
    ];
    if (options.length === 0) continue;
    const combinations = options.reduce<string[][]>(
      (so, option) => so.flatMap((chosen) => option.values.map((value) => [...chosen, value])),
      [[]],
    );
    const stock = Math.max(0, Number(product.stock));
    const each = Math.floor(stock / combinations.length);
    const remainder = stock - each * combinations.length;
    await sql`update products set options_json = ${JSON.stringify(options)} where id = ${product.id}`.execute(db);
    for (const [position, values] of combinations.entries()) {
      const sku = freeSku(taken, product.store_id, `${product.sku}-${values.join('-')}`);
      await sql`insert into product_variants
          (id, store_id, product_id, sku, option1, option2, option3, regular_price, discounted_price, mrp, stock, images_json, position)
        values (${`${product.id}-v${position + 1}`}, ${product.store_id}, ${product.id}, ${sku}, ${values[0] ?? null},
          ${values[1] ?? null}, ${null}, ${product.regular_price}, ${product.discounted_price}, ${product.mrp},
          ${each + (position === 0 ? remainder : 0)}, ${'[]'}, ${position})`.execute(db);
    }
  }
}

function parseAttributes(text: string): { key: string; value: string[] }[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as { key: string; value: string[] }[]) : [];
  } catch {
    return [];
  }
}

function valuesOf(attributes: { key: string; value: string[] }[], keys: string[]): string[] {
  const found = attributes.find((attribute) => keys.includes(String(attribute.key).trim().toLowerCase()));
  if (!found || !Array.isArray(found.value)) return [];
  return [...new Set(found.value.map((value) => String(value).trim()).filter((value) => value !== ''))].slice(0, 50);
}

/**
 * The SKU spelled from the product's and its values, upper-cased, in the characters a catalogue
 * file's SKU may hold (letters, digits, '.', '_', '/', '-'), made unique in the store.
 */
function freeSku(taken: Set<string>, storeId: string, wanted: string): string {
  const base = wanted
    .replace(/[^A-Za-z0-9._/-]+/g, '')
    .toUpperCase()
    .slice(0, 60);
  let sku = base;
  for (let n = 2; taken.has(`${storeId}|${sku.toLowerCase()}`); n += 1) sku = `${base}-${n}`;
  taken.add(`${storeId}|${sku.toLowerCase()}`);
  return sku;
}
