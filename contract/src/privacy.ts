import { z } from 'zod';
import { SignInCode } from './accounts.js';
import { ReminderConsents, SavedCartLine } from './carts.js';
import { Order } from './orders.js';

/**
 * Deleting an account asks for its password, or, for an account with a phone (a phone account has
 * no password), the code sent to it: a borrowed phone must not erase someone's account.
 */
export const DeleteAccountRequest = z
  .object({
    password: z
      .string({ error: 'Password is required.' })
      .min(1, { error: 'Password is required.' })
      .max(200)
      .optional(),
    code: SignInCode.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    error: 'Password is required.',
    path: ['password'],
  });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** Everything the shop keeps about a shopper, as `POST /account/export` hands it over (DPDP Act 2023, section 11). */
export const AccountExport = z.object({
  exportedAt: z.string(),
  store: z.object({ name: z.string(), host: z.string() }),
  account: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().optional(),
    createdAt: z.string(),
    /** The language the shopper reads the shop in. */
    language: z.enum(['en', 'hi']).optional(),
  }),
  /** Every address the shopper saved in their account or ordered to, once each (the saved ones first). */
  addresses: z.array(Order.shape.shippingAddress),
  orders: z.array(Order),
  newsletter: z.object({ subscribed: z.boolean(), consentText: z.string(), subscribedAt: z.string() }).nullable(),
  /** The cart and wishlist the shop keeps for the account, and its consents to reminders. */
  keptCart: z.array(SavedCartLine).optional(),
  wishlist: z.array(z.string()).optional(),
  reminders: ReminderConsents.optional(),
});
export type AccountExport = z.infer<typeof AccountExport>;

export const ACCOUNT_DELETED = 'Your account has been deleted.';
