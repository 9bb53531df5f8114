import type { StoreRow, TicketRow } from '../../db/schema.js';
import { greeting } from '../messages/account-messages.js';
import { type MessageSettings, merchantAddress, renderMessage, shopUrl } from '../messages/layout.js';
import type { OutgoingMessage } from '../messages/outbox.js';
import { toStoreInfo } from '../stores/service.js';

/**
 * The messages a new ticket sends: to the merchant, to be answered by replying to the shopper,
 * and to the shopper, with the number to quote. Built from the ticket and the store only.
 */
export function ticketMessages(store: StoreRow, ticket: TicketRow, settings: MessageSettings = {}): OutgoingMessage[] {
  const messageLines = ticket.message.split(/\r?\n/);
  const supportHours = toStoreInfo(store).supportHours;
  const messages: OutgoingMessage[] = [];
  const merchant = merchantAddress(store, settings);
  if (merchant) {
    messages.push({
      storeId: store.id,
      kind: 'merchant.contact',
      recipient: merchant,
      subject: `Ticket ${ticket.number}: ${ticket.subject} | ${store.store_name}`,
      // Replying from the mail program answers the shopper.
      headers: { 'Reply-To': ticket.email },
      ...renderMessage(store, [
        {
          lines: [
            `A message through the contact form, ticket ${ticket.number}.`,
            `From: ${ticket.name} <${ticket.email}>`,
            `Subject: ${ticket.subject}`,
          ],
        },
        { heading: 'Message', lines: messageLines },
        {
          lines: [
            'Reply to this email to answer the shopper. Once handled, close it in the back office or with:',
            `npm run store -- tickets close ${ticket.number}`,
          ],
          links: [{ label: 'Open the tickets', url: `${shopUrl(store, settings)}/admin/tickets` }],
        },
      ]),
    });
  }
  // The acknowledgement goes to whatever address was typed: it repeats the name alone, never the
  // subject or message, so the form cannot send a stranger's words to anyone in the shop's name.
  messages.push({
    storeId: store.id,
    kind: 'contact.received',
    recipient: ticket.email,
    subject: `We have your message: ticket ${ticket.number} | ${store.store_name}`,
    ...renderMessage(store, [
      {
        lines: [
          greeting('Thank you for writing to us', ticket.name),
          `Your ticket number is ${ticket.number}. Please quote it if you write to us about this again.`,
          ...(supportHours ? [`We answer during our support hours: ${supportHours}.`] : []),
        ],
      },
    ]),
  });
  return messages;
}
