import { formatRupees, type OrderItem, OrderStatus } from '@netkart/contract';
import type { RefundState } from '../../db/schema.js';
import { statusLabel } from '../../modules/orders/status.js';
import { isTestProvider } from '../../modules/payments/service.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, withStore } from '../context.js';
import { formatDateTime, formatTable, terminalSafe as safe } from '../format.js';
import { findOrder } from './find-order.js';
import { describeShipment } from './order-shipment.js';

/** `store orders show`: one order's items, address, payments, documents and refunds due. */
export async function showOrder(context: CliContext, host: string | undefined, id: string): Promise<void> {
  await withStore(context, host, async (shop, store) => {
    const row = await findOrder(shop, store, id);
    const [order] = await shop.services.orders.withItems([row]);
    const payments = await shop.services.payments.listForOrder(store.id, row.id);
    const documents = [
      await shop.services.invoices.find(store.id, row.id, 'invoice'),
      await shop.services.invoices.find(store.id, row.id, 'credit-note'),
    ].flatMap((issued) =>
      issued
        ? [
            `${issued.document.title} ${issued.row.number} of ${issued.document.date} (npm run store -- orders invoice ${row.id}${issued.row.kind === 'credit-note' ? ' --credit-note' : ''})`,
          ]
        : [],
    );
    // Every field the shopper wrote is printed safe: no escape sequence reaches the merchant's terminal.
    const address = [row.full_name, row.address, `${row.city}, ${row.state} ${row.postal_code}`, row.phone].map(
      (part) => safe(part),
    );
    const test = payments.some((payment) => payment.status === 'success' && isTestProvider(payment.provider));
    const refunds = await shop.services.payments.refundsOfOrder(store.id, row.id);
    const lines = [
      `Order ${row.id} · ${statusLabel(row.status)}${test ? ' (TEST: paid on the sandbox gateway, no real money)' : ''}`,
      `Placed ${formatDateTime(row.created_at)} by ${safe(row.email)}`,
      ...(row.status === OrderStatus.Cancelled && row.cancel_reason ? [`Cancelled: ${safe(row.cancel_reason)}`] : []),
      '',
      formatTable(
        ['ITEM', 'OPTIONS', 'QTY', 'PRICE', 'AMOUNT'],
        (order?.items ?? []).map((item) => [
          item.productTitle,
          optionsOf(item),
          String(item.quantity),
          formatInr(item.price),
          formatInr(item.price * item.quantity),
        ]),
      ),
      `Total ${formatInr(toRupees(Number(row.total)))}`,
      '',
      `Ship to: ${address.join(', ')}`,
      safe(
        `Shipping: ${row.shipping_method}${row.courier || row.tracking_number || row.tracking_url ? ` · ${describeShipment({ courier: row.courier ?? undefined, trackingNumber: row.tracking_number ?? undefined, trackingUrl: row.tracking_url ?? undefined })}` : ''}`,
      ),
      '',
      payments.length
        ? formatTable(
            ['PAYMENT', 'REFERENCE', 'AMOUNT', 'RESULT', 'WHEN'],
            payments.map((payment) => [
              isTestProvider(payment.provider) ? `${payment.provider} (TEST)` : payment.provider,
              payment.reference,
              formatInr(toRupees(Number(payment.amount))),
              payment.needs_refund === 1 ? `${payment.status}, NEEDS REFUND` : payment.status,
              formatDateTime(payment.created_at),
            ]),
          )
        : 'No payments yet.',
      ...(documents.length ? ['', ...documents] : []),
      ...refunds.map((refund) =>
        safe(
          `Refund ${formatRupees(Number(refund.amount) / 100)} ${REFUND_STATE[refund.status]}${refund.provider ? ` (${refund.provider} ${refund.payment_reference})` : ''}: ${refund.reason}${(refund.merchant_reference ?? refund.gateway_reference) ? `, reference ${refund.merchant_reference ?? refund.gateway_reference}` : ''}`,
        ),
      ),
    ];
    context.stdout(`${lines.join('\n')}\n`);
  });
}

/** How a refund stands, as `store orders show` says it. */
const REFUND_STATE: Record<RefundState, string> = {
  due: 'due',
  requested: 'asked of the gateway',
  refunded: 'made',
  failed: 'failed at the gateway, due',
};

const optionsOf = (item: OrderItem) =>
  [item.size ? `Size ${item.size}` : '', item.color ? `Colour ${item.color}` : ''].filter(Boolean).join(', ');
