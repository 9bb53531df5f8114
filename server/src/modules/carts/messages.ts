import type { StoreRow } from '../../db/schema.js';
import { renderMessage } from '../messages/layout.js';
import type { OutgoingMessage } from '../messages/outbox.js';

export const CART_REMINDER_KIND = 'cart.reminder';

/** '2 × USB-C Hub, 1 × LAN Adapter' (at most three named, then 'and 2 more'). */
export function itemsSummary(lines: Array<{ name: string; quantity: number }>): string {
  const named = lines.slice(0, 3).map((line) => `${line.quantity} × ${line.name}`);
  const more = lines.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ') || 'your items';
}

/**
 * A cart reminder: what is in the cart, the link that brings it back in any browser, and how to
 * stop these (the box at checkout). No countdown and no pressure: the cart simply waits.
 */
export function cartReminderMessage(
  store: Pick<StoreRow, 'id' | 'store_name' | 'host' | 'public_port'>,
  email: string,
  lines: Array<{ name: string; quantity: number }>,
  link: string,
  which: number,
): OutgoingMessage {
  const { text, html } = renderMessage(store, [
    {
      heading: 'Your cart is waiting for you',
      lines: [
        'You reached checkout but did not place your order. Your cart is kept as you left it:',
        ...lines.map((line) => `${line.quantity} × ${line.name}`),
        'Prices and stock are checked again when you open it.',
      ],
      links: [{ label: 'Back to my cart', url: link }],
    },
    {
      lines: [
        which === 1
          ? 'You asked for a reminder when you left your cart at checkout. We send at most one more, tomorrow, and none once you order.'
          : 'This is the last reminder about this cart.',
        'To stop them, untick "email me a reminder" on the checkout page: your choice is kept from then on.',
      ],
    },
  ]);
  return {
    storeId: store.id,
    kind: CART_REMINDER_KIND,
    recipient: email,
    subject: 'Your cart is waiting for you',
    text,
    html,
  };
}
