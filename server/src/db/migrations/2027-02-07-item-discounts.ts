import type { Kysely } from 'kysely';

// Each order line's share of the order's coupon discount, in paise, kept when the order is placed:
// a coupon limited to some products takes its discount off only the lines it covered, which the
// discount lines (one per HSN and GST rate) cannot tell apart later. Null for orders placed before,
// whose shares are still spread over each HSN's and rate's lines by value.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('discount', 'bigint').execute();
}
