import { COD_PAYMENT, checkGstin, deliveryByText, OrderStatus } from '@netkart/contract';
import type { OrderChargeRow, OrderItemRow, OrderRow, StoreRow } from '../../db/schema.js';
import { type OrderChange, shownCharges } from '../orders/service.js';
import { byHandConfirmationOf } from '../payments/registry.js';
import { type Block, type MessageSettings, merchantAddress, renderMessage, rupees, shopUrl } from './layout.js';
import type { OutgoingMessage } from './outbox.js';

const itemLine = (item: OrderItemRow) => {
  const options = [item.size ? `size ${item.size}` : '', item.color ? `colour ${item.color}` : '']
    .filter(Boolean)
    .join(', ');
  return `${item.quantity} × ${item.product_title}${options ? ` (${options})` : ''}: ${rupees(item.unit_price * item.quantity)}`;
};

/** A charge beyond the items (shipping …), as its own line before the total. */
const chargeLine = (charge: OrderChargeRow) => `${charge.label}: ${rupees(charge.amount)}`;

const addressLines = (order: OrderRow) => [
  order.full_name,
  order.address,
  `${order.city}, ${order.state} ${order.postal_code}`,
  `Phone: ${order.phone}`,
];

/** The delivery promised when the order was placed, as one line; none for an order placed before promises. */
const promiseLines = (order: OrderRow) =>
  order.delivery_earliest && order.delivery_latest
    ? [`${deliveryByText({ earliest: order.delivery_earliest, latest: order.delivery_latest })} (estimated)`]
    : [];

/** What a paid order comes with: a tax invoice from a seller registered for GST, else a receipt. */
const paperworkOf = (store: StoreRow) => (store.gstin && checkGstin(store.gstin).valid ? 'tax invoice' : 'receipt');

function howToPay(order: OrderRow): string {
  const byHand = byHandConfirmationOf(order.payment_provider);
  if (byHand) return byHand.howToPay;
  switch (order.payment_provider) {
    case null:
    case 'none':
      return 'We will contact you about the payment.';
    default:
      return 'Pay online from My Orders → Pay Now. An order left unpaid is cancelled after a while and its items go back on sale.';
  }
}

/**
 * The messages an order's change sends: to the shopper at the order's email, and for a new order
 * to the merchant. Built from the order's rows and the store; nothing here writes or sends.
 */
export function orderMessages(store: StoreRow, change: OrderChange, settings: MessageSettings = {}): OutgoingMessage[] {
  const { order, items } = change;
  const itemsAndCharges = [...items.map(itemLine), ...shownCharges(change.charges).map(chargeLine)];
  const shop = shopUrl(store, settings);
  const trackLink = { label: 'Track your order', url: `${shop}/track-order?id=${encodeURIComponent(order.id)}` };
  const ordersLink = { label: 'My Orders', url: `${shop}/orders` };
  const summary: Block = {
    heading: 'Your order',
    lines: [...itemsAndCharges, `Total: ${rupees(order.total)}`],
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
      toShopper('order.placed', `Order ${order.id} placed`, [
        { lines: [`Thank you for your order, ${order.full_name}.`, `Order number: ${order.id}`] },
        summary,
        { heading: 'Shipping to', lines: [...addressLines(order), ...promiseLines(order)] },
        ...(paid ? [] : [{ heading: 'Payment', lines: [howToPay(order)] }]),
        { lines: [], links: [ordersLink, trackLink] },
      ]),
    ];
    if (merchant) {
      messages.push({
        storeId: store.id,
        kind: 'merchant.order.placed',
        recipient: merchant,
        subject: `New order ${order.id}: ${rupees(order.total)} | ${store.store_name}`,
        ...renderMessage(store, [
          { lines: [`A new order ${order.id} from ${order.full_name} (${order.email || order.phone}).`] },
          { heading: 'Items', lines: [...itemsAndCharges, `Total: ${rupees(order.total)}`] },
          {
            heading: 'Shipping to',
            lines: [...addressLines(order), ...promiseLines(order).map((line) => `Promised: ${line}`)],
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
          toShopper('order.cod-confirmed', `Order ${order.id} confirmed: cash on delivery`, [
            {
              lines: [
                `Thank you: order ${order.id} is confirmed. Please pay ${rupees(order.total)} in cash to the courier.`,
              ],
            },
            summary,
            { lines: ['We are packing it now and will write again when it ships.'], links: [trackLink] },
          ]),
        ];
      }
      return [
        toShopper('order.paid', `Payment received for order ${order.id}`, [
          { lines: [`We have received your payment of ${rupees(order.total)} for order ${order.id}.`] },
          summary,
          {
            lines: ['We are packing it now and will write again when it ships.', ...promiseLines(order)],
            links: [trackLink],
          },
          // Issued in this same transaction: a tax invoice, or a receipt from a seller without a GSTIN.
          { lines: [`Your ${paperworkOf(store)} can be downloaded from My Orders.`], links: [ordersLink] },
        ]),
      ];
    case OrderStatus.Shipped:
      return [
        toShopper('order.shipped', `Order ${order.id} has shipped`, [
          {
            lines: [
              `Your order ${order.id} is on its way.`,
              ...(order.courier ? [`Courier: ${order.courier}`] : []),
              ...(order.tracking_number ? [`Tracking number: ${order.tracking_number}`] : []),
              ...promiseLines(order),
            ],
            links: order.tracking_url
              ? [{ label: "Track the parcel on the courier's site", url: order.tracking_url }]
              : [],
          },
          summary,
          { lines: [], links: [trackLink] },
        ]),
      ];
    case OrderStatus.Delivered:
      return [
        toShopper('order.delivered', `Order ${order.id} delivered`, [
          { lines: [`Your order ${order.id} has been delivered. Thank you for shopping with ${store.store_name}.`] },
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
          ownCancel ? `Your order ${order.id} is cancelled` : `Order ${order.id} cancelled`,
          [
            {
              lines: [
                ownCancel
                  ? `Your order ${order.id} is cancelled, as you asked.`
                  : `Your order ${order.id} has been cancelled${order.cancel_reason ? `: ${order.cancel_reason}` : '.'}`,
                wasPaid
                  ? `Your payment of ${rupees(order.total)} will be refunded to the original payment method.`
                  : 'No payment was taken for it.',
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
