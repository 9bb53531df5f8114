import type { Database } from '../../db/schema.js';

/** A line of an order's timeline (the orders' timeline merges these in with its own). */
export interface TimelineEntry {
  at: string;
  kind: string;
  label: string;
  detail?: string;
}

/** An order's returns as lines of its timeline: asked, approved or refused, pickup booked, received; oldest first. */
export async function returnTimeline(db: Database, storeId: string, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom('returns')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('order_id', '=', orderId.toUpperCase())
    .orderBy('created_at')
    .execute();
  const entries: TimelineEntry[] = [];
  for (const row of rows) {
    const what = row.kind === 'exchange' ? 'Exchange' : 'Return';
    entries.push({ at: row.created_at, kind: 'return-asked', label: `${what} asked`, detail: row.reason });
    if (row.approved_at) entries.push({ at: row.approved_at, kind: 'return-approved', label: `${what} approved` });
    if (row.refused_at) {
      entries.push({
        at: row.refused_at,
        kind: 'return-refused',
        label: `${what} refused`,
        ...(row.refusal_reason ? { detail: row.refusal_reason } : {}),
      });
    }
    if (row.pickup_booked_at) {
      const detail = [row.courier, row.awb ? `AWB ${row.awb}` : ''].filter(Boolean).join(', ');
      entries.push({
        at: row.pickup_booked_at,
        kind: 'return-pickup',
        label: 'Return pickup booked',
        ...(detail ? { detail } : {}),
      });
    }
    if (row.received_at) {
      entries.push({
        at: row.received_at,
        kind: 'return-received',
        label: `${what} received`,
        ...(row.exchange_order_id ? { detail: `Replacement order ${row.exchange_order_id}` } : {}),
      });
    }
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
