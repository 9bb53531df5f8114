import type { AdminOrderSummary } from '@netkart/contract';
import type { OrderRow } from '../../db/schema.js';
import { toRupees } from '../../shared/money.js';
import type { OrderService } from '../orders/service.js';
import { isCodOrder } from '../payments/cod/confirmation.js';
import type { PaymentService } from '../payments/service.js';

/** Orders as the back office's list shows them: who, where, how much, how many items, and whether paid on a test gateway. */
export async function orderSummaries(
  orders: OrderService,
  payments: PaymentService,
  storeId: string,
  rows: OrderRow[],
): Promise<AdminOrderSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [itemCounts, testPaid] = await Promise.all([orders.itemCounts(ids), payments.testPaidOrderIds(storeId, ids)]);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    city: row.city,
    total: toRupees(Number(row.total)),
    itemCount: itemCounts.get(row.id) ?? 0,
    testPayment: testPaid.has(row.id),
    ...(isCodOrder(row.payment_provider) ? { cod: true } : {}),
  }));
}
