import { z } from 'zod';
import { IndianMobile } from './phones.js';

/**
 * The words a shopper agrees to when they ask for order updates on WhatsApp: shown beside an
 * unticked box at checkout and on the account page, and kept with the consent (DPDP Rules). Not
 * marketing: only what happens to the shopper's own orders.
 */
export const WHATSAPP_CONSENT_TEXT =
  'Send me updates about my orders on WhatsApp (placed, shipped, delivered). I can stop them at any time here or by replying STOP.';

/** A shopper's WhatsApp order updates as the account page shows them. */
export const WhatsAppUpdates = z.object({
  enabled: z.boolean(),
  /** The number the updates go to ('+919845012345'); null when they are off. */
  phone: z.string().nullable(),
  /** When the standing consent was given (ISO); null when they are off. */
  since: z.string().nullable(),
});
export type WhatsAppUpdates = z.infer<typeof WhatsAppUpdates>;

/** Turning the updates on names the number; turning them off needs nothing else. */
export const WhatsAppUpdatesRequest = z.discriminatedUnion(
  'enabled',
  [
    z.object({ enabled: z.literal(true), phone: IndianMobile('Mobile number') }),
    z.object({ enabled: z.literal(false) }),
  ],
  { error: 'Say enabled: true with a phone, or enabled: false.' },
);
export type WhatsAppUpdatesRequest = z.input<typeof WhatsAppUpdatesRequest>;
