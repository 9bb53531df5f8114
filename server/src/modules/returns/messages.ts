import type { OrderRow, ReturnRow, StoreRow } from '../../db/schema.js';
import { type MessageSettings, renderMessage, rupees, shopUrl } from '../messages/layout.js';
import type { OutgoingMessage } from '../messages/outbox.js';

/** The shopper's email when their return is approved, refused or received. */
export function returnMessage(
  store: StoreRow,
  order: Pick<OrderRow, 'id' | 'email' | 'full_name' | 'payment_provider'>,
  row: Pick<ReturnRow, 'id' | 'kind' | 'status' | 'refusal_reason' | 'refund_upi'>,
  amount: number,
  settings: MessageSettings = {},
): OutgoingMessage {
  const what = row.kind === 'exchange' ? 'exchange' : 'return';
  const link = { label: 'See your orders', url: `${shopUrl(store, settings)}/orders` };
  const hello = `Hello ${order.full_name},`;
  const texts: Record<string, { subject: string; lines: string[] }> = {
    approved: {
      subject: `Your ${what} ${row.id} for order ${order.id} is approved`,
      lines: [
        hello,
        `We have approved your ${what} ${row.id} for order ${order.id}.`,
        'Pack the items with their tags; we will tell you when the pickup is booked, or send them to us as we agreed.',
      ],
    },
    refused: {
      subject: `Your ${what} ${row.id} for order ${order.id} was not accepted`,
      lines: [
        hello,
        `We could not accept your ${what} ${row.id} for order ${order.id}.`,
        `Reason: ${row.refusal_reason ?? ''}`,
        'Reply to this email if you have a question.',
      ],
    },
    received: {
      subject: `We received your ${what} ${row.id} for order ${order.id}`,
      lines: [
        hello,
        `The items of your ${what} ${row.id} are back with us.`,
        row.kind === 'exchange'
          ? 'Your replacement is being packed and sent at no charge.'
          : row.refund_upi
            ? `Your refund of ${rupees(amount)} will be paid to ${row.refund_upi}.`
            : `Your refund of ${rupees(amount)} goes back the way you paid.`,
      ],
    },
  };
  const chosen = texts[row.status] ?? { subject: `Your ${what} ${row.id}`, lines: [hello] };
  return {
    storeId: store.id,
    kind: `return.${row.status}`,
    recipient: order.email,
    subject: chosen.subject,
    ...renderMessage(store, [{ lines: chosen.lines, links: [link] }]),
  };
}
