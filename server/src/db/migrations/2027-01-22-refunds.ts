import { type Kysely, sql } from 'kysely';

// Refunds tracked end to end: one row per refund due (a cancelled or returned paid order, a payment
// an order could not take), its method and destination, why and from what it arose, and its story
// (due → requested → refunded | failed) with the gateway's refund id or the merchant's UTR. The
// gateway is asked after the order's change commits, by the background work: attempts and the next
// attempt's time are kept here, and a claim so two server processes never ask at once.
// Payments already flagged for refund, and gateway refunds already started, become rows.

interface OldPayment {
  id: string;
  order_id: string;
  store_id: string;
  amount: number | string;
  needs_refund: number;
  detail_json: string;
  created_at: string;
  updated_at: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('payment_id', 'text', (c) => c.references('payments.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('destination', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('return_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('gateway_reference', 'text')
    .addColumn('merchant_reference', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('recorded_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_by_store_status').on('refunds').columns(['store_id', 'status']).execute();
  await db.schema.createIndex('refunds_by_order').on('refunds').columns(['order_id']).execute();
  await db.schema.createIndex('refunds_by_payment').on('refunds').columns(['payment_id']).execute();
  await db.schema.createIndex('refunds_due_at').on('refunds').columns(['next_attempt_at']).execute();

  const { rows } = await sql<OldPayment>`
    select id, order_id, store_id, amount, needs_refund, detail_json, created_at, updated_at
    from payments where status = 'success' order by created_at`.execute(db);
  for (const payment of rows) {
    const detail = JSON.parse(payment.detail_json || '{}') as Record<string, string>;
    const gateway = detail.refundStatus;
    const flagged = Number(payment.needs_refund) === 1;
    if (!flagged && gateway !== 'started' && gateway !== 'processed') continue;
    const status = flagged ? 'due' : gateway === 'processed' ? 'refunded' : 'requested';
    const at = payment.updated_at ?? payment.created_at;
    const amount = Number(detail.refundAmount ?? payment.amount);
    const reason = detail.refundReason || 'Order cancelled after payment';
    const method = flagged ? 'by-hand' : 'gateway';
    await sql`insert into refunds (id, store_id, order_id, payment_id, amount, method, reason, source, status,
        gateway_reference, attempts, created_at, requested_at, refunded_at, updated_at)
      values (${payment.id}, ${payment.store_id}, ${payment.order_id}, ${payment.id}, ${amount}, ${method},
        ${reason}, 'cancel', ${status}, ${detail.refundReference ?? null}, 0, ${at},
        ${status === 'due' ? null : at}, ${status === 'refunded' ? at : null}, ${at})`.execute(db);
  }
}
