import type { Kysely } from 'kysely';

// A booking whose order is cancelled is cancelled at the courier too, after the cancellation commits
// and retried until it is answered: its state (due, done, failed), the attempts made, when the next
// may start, and the courier's answer.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courier_bookings').addColumn('cancel_state', 'text').execute();
  await db.schema
    .alterTable('courier_bookings')
    .addColumn('cancel_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('courier_bookings').addColumn('cancel_next_at', 'text').execute();
  await db.schema.alterTable('courier_bookings').addColumn('cancel_result', 'text').execute();
  await db.schema.alterTable('courier_bookings').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .createIndex('courier_bookings_cancel_due')
    .on('courier_bookings')
    .columns(['cancel_state', 'cancel_next_at'])
    .execute();
}
