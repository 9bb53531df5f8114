import { type Kysely, sql } from 'kysely';

// Readable product addresses, /product/{slug}-{code}: each product keeps its code (ten characters
// of a hash of its id, contract/src/product-address.ts) so the shop finds a product by it through
// an index. Products from before get theirs here; the hash is copied in, as a migration never changes.

const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const base32 = (bits: number) => {
  let out = '';
  for (let shift = 20; shift >= 0; shift -= 5) out += CODE_ALPHABET[(bits >>> shift) & 31];
  return out;
};
function productCode(id: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < id.length; index++) {
    const character = id.charCodeAt(index);
    h1 = Math.imul(h1 ^ character, 2654435761);
    h2 = Math.imul(h2 ^ character, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return base32(h1 >>> 0) + base32(h2 >>> 0);
}

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('address_code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  let after = '';
  for (;;) {
    const { rows } = await sql<{
      id: string;
    }>`select id from products where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const codes = sql.join(
      rows.map((row) => sql`when ${row.id} then ${productCode(row.id)}`),
      sql` `,
    );
    const ids = sql.join(rows.map((row) => sql`${row.id}`));
    await sql`update products set address_code = case id ${codes} end where id in (${ids})`.execute(db);
    after = rows[rows.length - 1]?.id ?? after;
  }
  await db.schema.createIndex('products_store_address').on('products').columns(['store_id', 'address_code']).execute();
}
