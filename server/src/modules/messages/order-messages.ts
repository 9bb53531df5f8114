import { COD_PAYMENT, checkGstin, OrderStatus } from '@netkart/contract';
import type { OrderChargeRow, OrderItemRow, OrderRow, StoreRow } from '../../db/schema.js';
import { type OrderChange, shownCharges } from '../orders/service.js';
import { byHandConfirmationOf } from '../payments/registry.js';
import { type Block, type MessageSettings, merchantAddress, renderMessage, rupees, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';
import type { MailTexts } from './texts/catalogue.js';
import { englishTexts } from './texts/en.js';

const itemLine = (item: OrderItemRow, texts: MailTexts['order']) => {
  const options = [item.size ? texts.size(item.size) : '', item.color ? texts.colour(item.color) : '']
    .filter(Boolean)
    .join(', ');
  return `${item.quantity} × ${item.product_title}${options ? ` (${options})` : ''}: ${rupees(item.unit_price * item.quantity)}`;
};

/** A charge beyond the items (shipping …), as its own line before the total. */
const chargeLine = (charge: OrderChargeRow) => `${charge.label}: ${rupees(charge.amount)}`;

const addressLines = (order: OrderRow, texts: MailTexts['order']) => [
  order.full_name,
  order.address,
  `${order.city}, ${order.state} ${order.postal_code}`,
  texts.phone(order.phone),
];

/** The delivery promised when the order was placed, as one line; none for an order placed before promises. */
const promiseLines = (order: OrderRow, texts: MailTexts['order']) =>
  order.delivery_earliest && order.delivery_latest ? [texts.estimated(order.delivery_latest)] : [];

/** What a paid order comes with: a tax invoice from a seller registered for GST, else a receipt. */
const paperworkOf = (store: StoreRow) => (store.gstin && checkGstin(store.gstin).valid ? 'tax invoice' : 'receipt');

function howToPay(order: OrderRow, texts: MailTexts['order']): string {
  const byHand = byHandConfirmationOf(order.payment_provider);
  if (byHand) return texts.payByHand(order.payment_provider ?? '') ?? byHand.howToPay;
  switch (order.payment_provider) {
    case null:
    case 'none':
      return texts.payLater;
    default:
      return texts.payOnline;
  }
}

/**
 * The messages an order's change sends: to the shopper at the order's email, in the shopper's
 * language (`texts`), and for a new order to the merchant (in English, the back office's language).
 * Built from the order's rows and the store; nothing here writes or sends.
 */
export function orderMessages(
  store: StoreRow,
  change: OrderChange,
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage[] {
  const { order, items } = change;
  const texts = mail.order;
  const itemsAndCharges = [
    ...items.map((item) => itemLine(item, texts)),
    ...shownCharges(change.charges).map(chargeLine),
  ];
  const shop = shopUrl(store, settings);
  const pages = `${shop}${mail.pagePrefix}`;
  const trackLink = { label: texts.trackYourOrder, url: `${pages}/track-order?id=${encodeURIComponent(order.id)}` };
  const ordersLink = { label: texts.myOrders, url: `${pages}/orders` };
  const summary: Block = {
    heading: texts.yourOrder,
    lines: [...itemsAndCharges, texts.total(rupees(order.total))],
  };
  const toShopper = (kind: string, subject: string, blocks: Block[]): OutgoingMessage => ({
    storeId: store.id,
    kind,
    recipient: order.email,
    subject: `${subject} | ${store.store_name}`,
    ...renderMessage(store, blocks),
  });

  if (change.kind === 'placed') {
    const merchant = merchantAddress(store, settings);
    const paid = order.status !== OrderStatus.Pending;
    const byHand = byHandConfirmationOf(order.payment_provider);
    const nextStep = byHand
      ? byHand.nextStep(order.id)
      : order.payment_provider === 'none' || order.payment_provider === null
        ? 'Next: the store takes no online payment: contact the shopper about paying, record the payment in the back office, then pack the order.'
        : 'Next: pack it once it is paid (it shows as Processing).';
    const messages = [
      toShopper('order.placed', texts.placedSubject(order.id), [
        { lines: [texts.thankYou(order.full_name), texts.orderNumber(order.id)] },
        summary,
        { heading: texts.shippingTo, lines: [...addressLines(order, texts), ...promiseLines(order, texts)] },
        ...(paid ? [] : [{ heading: texts.payment, lines: [howToPay(order, texts)] }]),
        { lines: [], links: [ordersLink, trackLink] },
      ]),
    ];
    if (merchant) {
      const merchantItems = [
        ...items.map((item) => itemLine(item, englishTexts.order)),
        ...shownCharges(change.charges).map(chargeLine),
      ];
      messages.push({
        storeId: store.id,
        kind: 'merchant.order.placed',
        recipient: merchant,
        subject: `New order ${order.id}: ${rupees(order.total)} | ${store.store_name}`,
        ...renderMessage(store, [
          { lines: [`A new order ${order.id} from ${order.full_name} (${order.email || order.phone}).`] },
          { heading: 'Items', lines: [...merchantItems, `Total: ${rupees(order.total)}`] },
          {
            heading: 'Shipping to',
            lines: [
              ...addressLines(order, englishTexts.order),
              ...promiseLines(order, englishTexts.order).map((line) => `Promised: ${line}`),
            ],
          },
          { lines: [nextStep], links: [{ label: 'Open the back office', url: `${shop}/admin` }] },
        ]),
      });
    }
    return messages;
  }

  switch (change.to) {
    case OrderStatus.Processing:
      if (order.payment_provider === COD_PAYMENT) {
        return [
          toShopper('order.cod-confirmed', texts.codSubject(order.id), [
            { lines: [texts.codConfirmed(order.id, rupees(order.total))] },
            summary,
            { lines: [texts.packingNow], links: [trackLink] },
          ]),
        ];
      }
      return [
        toShopper('order.paid', texts.paidSubject(order.id), [
          { lines: [texts.paymentReceived(rupees(order.total), order.id)] },
          summary,
          { lines: [texts.packingNow, ...promiseLines(order, texts)], links: [trackLink] },
          // Issued in this same transaction: a tax invoice, or a receipt from a seller without a GSTIN.
          { lines: [texts.paperwork(paperworkOf(store))], links: [ordersLink] },
        ]),
      ];
    case OrderStatus.Shipped:
      return [
        toShopper('order.shipped', texts.shippedSubject(order.id), [
          {
            lines: [
              texts.onItsWay(order.id),
              ...(order.courier ? [texts.courier(order.courier)] : []),
              ...(order.tracking_number ? [texts.trackingNumber(order.tracking_number)] : []),
              ...promiseLines(order, texts),
            ],
            links: order.tracking_url ? [{ label: texts.trackParcel, url: order.tracking_url }] : [],
          },
          summary,
          { lines: [], links: [trackLink] },
        ]),
      ];
    case OrderStatus.Delivered:
      return [
        toShopper('order.delivered', texts.deliveredSubject(order.id), [
          { lines: [texts.delivered(order.id, store.store_name)] },
          summary,
          { lines: [], links: [ordersLink] },
        ]),
      ];
    case OrderStatus.Cancelled: {
      const wasPaid = change.from === OrderStatus.Processing || change.from === OrderStatus.Shipped;
      // The shopper's own cancellation is confirmed in their words; the shop's or the system's says why.
      const ownCancel = change.by?.actor === 'shopper';
      return [
        toShopper(
          'order.cancelled',
          ownCancel ? texts.cancelledByShopperSubject(order.id) : texts.cancelledSubject(order.id),
          [
            {
              lines: [
                ownCancel ? texts.cancelledByShopper(order.id) : texts.cancelled(order.id, order.cancel_reason),
                wasPaid ? texts.refundOfPayment(rupees(order.total)) : texts.noPayment,
              ],
            },
            summary,
            { lines: [], links: [ordersLink] },
          ],
        ),
      ];
    }
    default:
      return [];
  }
}
