import { formatRupees } from '@netkart/contract';
import type { OrderRow, RefundRow, StoreRow } from '../../db/schema.js';
import { type MessageSettings, renderMessage, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';

/** What the shopper hears of a refund: the gateway started it, or it reached them. */
export type RefundMessageKind = 'started' | 'refunded';

const amountOf = (refund: Pick<RefundRow, 'amount'>) => formatRupees(Number(refund.amount) / 100);

/** Where the money goes, in the shopper's words. */
function whereTo(refund: RefundRow): string {
  if (refund.method === 'gateway') return 'to the card, UPI app or bank account you paid with';
  if (refund.destination) return `to ${refund.destination}`;
  if (refund.method === 'cash') return 'in cash';
  return 'to the account you paid from';
}

/** The message of a refund started at the gateway, or made: to the order's email, in the order mail's layout. */
export function refundMessage(
  store: StoreRow,
  order: Pick<OrderRow, 'id' | 'email' | 'full_name'>,
  refund: RefundRow,
  kind: RefundMessageKind,
  settings: MessageSettings = {},
): OutgoingMessage {
  const amount = amountOf(refund);
  const ordersLink = { label: 'My Orders', url: `${shopUrl(store, settings)}/orders` };
  const reference = refund.merchant_reference ?? refund.gateway_reference;
  const lines =
    kind === 'started'
      ? [
          `Hello ${order.full_name},`,
          `We have started the refund of ${amount} for order ${order.id}. It goes back ${whereTo(refund)}.`,
          'Banks usually take 5 to 7 working days to show it in your account.',
        ]
      : [
          `Hello ${order.full_name},`,
          `We have refunded ${amount} for order ${order.id}, ${whereTo(refund)}.`,
          ...(reference ? [`Refund reference: ${reference}`] : []),
          'If it does not show in your account within 7 working days, reply to this email with this reference.',
        ];
  return {
    storeId: store.id,
    kind: kind === 'started' ? 'order.refund-started' : 'order.refunded',
    recipient: order.email,
    subject:
      kind === 'started'
        ? `Refund of ${amount} started for order ${order.id} | ${store.store_name}`
        : `Refund of ${amount} made for order ${order.id} | ${store.store_name}`,
    ...renderMessage(store, [
      { lines },
      { heading: 'Why', lines: [refund.reason] },
      { lines: [], links: [ordersLink] },
    ]),
  };
}
