import { z } from 'zod';
import { Email } from './accounts.js';
import { requiredText } from './common.js';

export const CONSENT_TEXT_MAX = 500;

/** A newsletter sign-up: the address, and the consent notice the shopper saw beside it, word for word. */
export const NewsletterRequest = z.object({
  email: Email,
  consentText: requiredText('Consent text', CONSENT_TEXT_MAX),
});
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

/** The same answer whether the address was new or already subscribed: a sign-up reveals nothing. */
export const NewsletterResponse = z.object({ message: z.string() });
export type NewsletterResponse = z.infer<typeof NewsletterResponse>;
