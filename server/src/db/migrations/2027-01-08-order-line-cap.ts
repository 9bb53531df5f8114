import type { Kysely } from 'kysely';

// How many of one product a single order may hold: a store setting, 10 unless the merchant says
// otherwise, so one unpaid order cannot reserve a shelf of stock.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('max_line_quantity', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
}
