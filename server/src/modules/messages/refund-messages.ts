import { formatRupees } from '@netkart/contract';
import type { OrderRow, RefundRow, StoreRow } from '../../db/schema.js';
import { type MessageSettings, renderMessage, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';
import type { MailTexts } from './texts/catalogue.js';
import { englishTexts } from './texts/en.js';

/** What the shopper hears of a refund: the gateway started it, or it reached them. */
export type RefundMessageKind = 'started' | 'refunded';

const amountOf = (refund: Pick<RefundRow, 'amount'>) => formatRupees(Number(refund.amount) / 100);

/** Where the money goes, in the shopper's words. */
function whereTo(refund: RefundRow, texts: MailTexts['refund']): string {
  if (refund.method === 'gateway') return texts.toGateway;
  if (refund.destination) return texts.toDestination(refund.destination);
  if (refund.method === 'cash') return texts.inCash;
  return texts.toAccount;
}

/** The message of a refund started at the gateway, or made: to the order's email, in the order mail's layout and the shopper's language. */
export function refundMessage(
  store: StoreRow,
  order: Pick<OrderRow, 'id' | 'email' | 'full_name'>,
  refund: RefundRow,
  kind: RefundMessageKind,
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.refund;
  const amount = amountOf(refund);
  const ordersLink = { label: texts.myOrders, url: `${shopUrl(store, settings)}${mail.pagePrefix}/orders` };
  const reference = refund.merchant_reference ?? refund.gateway_reference;
  const lines =
    kind === 'started'
      ? [texts.hello(order.full_name), texts.started(amount, order.id, whereTo(refund, texts)), texts.bankDays]
      : [
          texts.hello(order.full_name),
          texts.refunded(amount, order.id, whereTo(refund, texts)),
          ...(reference ? [texts.reference(reference)] : []),
          texts.notShown,
        ];
  return {
    storeId: store.id,
    kind: kind === 'started' ? 'order.refund-started' : 'order.refunded',
    recipient: order.email,
    subject: `${kind === 'started' ? texts.startedSubject(amount, order.id) : texts.refundedSubject(amount, order.id)} | ${store.store_name}`,
    ...renderMessage(store, [
      { lines },
      { heading: texts.why, lines: [refund.reason] },
      { lines: [], links: [ordersLink] },
    ]),
  };
}
