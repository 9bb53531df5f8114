import type { StoreRow } from '../../db/schema.js';
import { renderMessage } from '../messages/layout.js';
import type { OutgoingMessage } from '../messages/outbox.js';
import type { MailTexts } from '../messages/texts/catalogue.js';
import { englishTexts } from '../messages/texts/en.js';

export const CART_REMINDER_KIND = 'cart.reminder';

/** '2 × USB-C Hub, 1 × LAN Adapter' (at most three named, then 'and 2 more'). */
export function itemsSummary(lines: Array<{ name: string; quantity: number }>): string {
  const named = lines.slice(0, 3).map((line) => `${line.quantity} × ${line.name}`);
  const more = lines.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ') || 'your items';
}

/**
 * A cart reminder, in the shopper's language: what is in the cart, the link that brings it back in
 * any browser, and how to stop these (the box at checkout). No countdown and no pressure: the cart simply waits.
 */
export function cartReminderMessage(
  store: Pick<StoreRow, 'id' | 'store_name' | 'host' | 'public_port'>,
  email: string,
  lines: Array<{ name: string; quantity: number }>,
  link: string,
  which: number,
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.cart;
  const { text, html } = renderMessage(store, [
    {
      heading: texts.waiting,
      lines: [texts.keptAsLeft, ...lines.map((line) => `${line.quantity} × ${line.name}`), texts.pricesChecked],
      links: [{ label: texts.backToCart, url: link }],
    },
    { lines: [which === 1 ? texts.firstReminder : texts.lastReminder, texts.howToStop] },
  ]);
  return {
    storeId: store.id,
    kind: CART_REMINDER_KIND,
    recipient: email,
    subject: texts.waiting,
    text,
    html,
  };
}
