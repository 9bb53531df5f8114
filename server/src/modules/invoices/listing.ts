import type { OrderDocument } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import type { InvoiceDocument } from './document.js';

/**
 * The documents issued for each of these orders, oldest first, as an order read shows them: so a
 * page offers "Download invoice", "Download receipt" or "Download credit note" only when there is one.
 */
export async function documentsOfOrders(db: Database, orderIds: string[]): Promise<Map<string, OrderDocument[]>> {
  const found = new Map<string, OrderDocument[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .selectFrom('invoices')
    .select(['order_id', 'number', 'issued_at', 'document_json'])
    .where('order_id', 'in', orderIds)
    .orderBy('issued_at')
    .execute();
  for (const row of rows) {
    const { type } = JSON.parse(row.document_json) as Pick<InvoiceDocument, 'type'>;
    found.set(row.order_id, [
      ...(found.get(row.order_id) ?? []),
      { type, number: row.number, issuedAt: row.issued_at },
    ]);
  }
  return found;
}
