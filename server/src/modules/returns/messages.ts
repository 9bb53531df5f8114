import type { OrderRow, ReturnRow, StoreRow } from '../../db/schema.js';
import { type MessageSettings, renderMessage, rupees, shopUrl } from '../messages/layout.js';
import type { OutgoingMessage } from '../messages/outbox.js';
import type { MailTexts } from '../messages/texts/catalogue.js';
import { englishTexts } from '../messages/texts/en.js';

/** The shopper's email when their return is approved, refused or received, in the shopper's language. */
export function returnMessage(
  store: StoreRow,
  order: Pick<OrderRow, 'id' | 'email' | 'full_name' | 'payment_provider'>,
  row: Pick<ReturnRow, 'id' | 'kind' | 'status' | 'refusal_reason' | 'refund_upi'>,
  amount: number,
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const t = mail.returns;
  const what = row.kind === 'exchange' ? t.exchange : t.return;
  const link = { label: t.seeOrders, url: `${shopUrl(store, settings)}${mail.pagePrefix}/orders` };
  const hello = t.hello(order.full_name);
  const texts: Record<string, { subject: string; lines: string[] }> = {
    approved: {
      subject: t.approvedSubject(what, row.id, order.id),
      lines: [hello, t.approved(what, row.id, order.id), t.pack],
    },
    refused: {
      subject: t.refusedSubject(what, row.id, order.id),
      lines: [hello, t.refused(what, row.id, order.id), t.reason(row.refusal_reason ?? ''), t.replyWithQuestion],
    },
    received: {
      subject: t.receivedSubject(what, row.id, order.id),
      lines: [
        hello,
        t.received(what, row.id),
        row.kind === 'exchange'
          ? t.replacement
          : row.refund_upi
            ? t.refundToUpi(rupees(amount), row.refund_upi)
            : t.refundBack(rupees(amount)),
      ],
    },
  };
  const chosen = texts[row.status] ?? { subject: t.otherSubject(what, row.id), lines: [hello] };
  return {
    storeId: store.id,
    kind: `return.${row.status}`,
    recipient: order.email,
    subject: chosen.subject,
    ...renderMessage(store, [{ lines: chosen.lines, links: [link] }]),
  };
}
