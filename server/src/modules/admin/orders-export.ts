import { stringify } from 'csv-stringify/sync';
import { csvTextCell as text } from '../../shared/csv-cell.js';
import { istDayEnd, istDayStart, istMinute } from '../../shared/india-time.js';
import { toRupees } from '../../shared/money.js';
import { rupeeFigure } from '../invoices/gstr1-csv.js';
import type { InvoiceService } from '../invoices/service.js';
import type { OrderService } from '../orders/service.js';
import { statusLabel } from '../orders/status.js';
import { isTestProvider, type PaymentService } from '../payments/service.js';
import { orderSummaries } from './order-summaries.js';

const BATCH = 500;

const EXPORT_COLUMNS = [
  'Order',
  'Placed (IST)',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'City',
  'State',
  'PIN code',
  'Items',
  'Total (INR)',
  'Paid by',
  'Payment reference',
  'Test payment',
  // The books: what the invoice says (a receipt's number for a seller without a GSTIN).
  'Buyer GSTIN',
  'Invoice',
  'Invoice date',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Credit note',
  'Credit note date',
];

/**
 * The orders placed between two India-time days, for an accountant: one row per order, amounts
 * as plain numbers of rupees, a batch of rows at a time (a year of orders never sits in memory).
 * What shoppers and payment providers wrote is guarded against spreadsheet formulas (csv-cell.ts);
 * the order number, times, status, counts and amounts are the shop's own and go out as they are.
 */
export async function* exportOrdersCsv(
  orders: OrderService,
  payments: PaymentService,
  invoices: InvoiceService,
  storeId: string,
  from: string,
  to: string,
): AsyncGenerator<string> {
  const span = { from: istDayStart(from).toISOString(), to: istDayEnd(to).toISOString() };
  yield `\uFEFF${stringify([EXPORT_COLUMNS])}`;
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    const rows = await orders.placedBetween(storeId, span, after, BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [summaries, paid, documents] = await Promise.all([
      orderSummaries(orders, payments, storeId, rows),
      payments.successfulForOrders(storeId, ids),
      invoices.documentsOfOrders(storeId, ids),
    ]);
    const paymentOf = new Map(paid.map((payment) => [payment.order_id, payment]));
    yield stringify(
      rows.map((row, index) => {
        const payment = paymentOf.get(row.id);
        const { invoice, creditNote } = documents.get(row.id) ?? {};
        const totals = invoice?.totals;
        return [
          row.id,
          istMinute(row.created_at),
          statusLabel(row.status),
          text(row.full_name),
          text(row.email),
          text(row.phone),
          text(row.city),
          text(row.state),
          text(row.postal_code),
          summaries[index]?.itemCount ?? 0,
          toRupees(Number(row.total)).toFixed(2),
          payment?.provider ?? '',
          text(payment?.reference ?? ''),
          payment && isTestProvider(payment.provider) ? 'yes' : '',
          text(row.buyer_gstin?.trim().toUpperCase() ?? ''),
          invoice?.number ?? '',
          invoice?.date ?? '',
          totals ? rupeeFigure(totals.taxable) : '',
          totals ? rupeeFigure(totals.cgst) : '',
          totals ? rupeeFigure(totals.sgst) : '',
          totals ? rupeeFigure(totals.igst) : '',
          creditNote?.number ?? '',
          creditNote?.date ?? '',
        ];
      }),
    );
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { created_at: last.created_at, id: last.id };
  }
}
