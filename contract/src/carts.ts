import { z } from 'zod';
import { Id } from './common.js';
import { ORDER_LINE_MAX_QUANTITY, ORDER_MAX_LINES } from './orders.js';

export const WISHLIST_MAX_ITEMS = 200;

/** A size, colour or variant as the product page offers it; blank means none chosen. */
const Choice = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(60, { error: `${label} must be at most 60 characters.` })
    .nullish()
    .transform((value) => value || undefined);

/**
 * One line of a kept cart: a product, how many, and what was chosen on its page. The shape may
 * grow (a variant's SKU already has its place); unknown fields are dropped, known ones checked.
 */
export const CartLine = z.object({
  productId: Id,
  quantity: z
    .number({ error: 'quantity must be a number.' })
    .int({ error: 'quantity must be a whole number.' })
    .min(1, { error: 'quantity must be at least 1.' })
    .max(ORDER_LINE_MAX_QUANTITY, { error: `quantity must be at most ${ORDER_LINE_MAX_QUANTITY}.` }),
  size: Choice('size'),
  color: Choice('color'),
  variantSku: Choice('variantSku'),
});
export type CartLineInput = z.input<typeof CartLine>;
export type CartLine = z.output<typeof CartLine>;

/** A kept line as read back (checked when it was written). */
export const SavedCartLine = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  size: z.string().optional(),
  color: z.string().optional(),
  variantSku: z.string().optional(),
});
export type SavedCartLine = z.infer<typeof SavedCartLine>;

/** GET /cart, and what PUT /cart answers: the signed-in shopper's cart as the server keeps it. */
export const SavedCart = z.object({
  lines: z.array(SavedCartLine),
  updatedAt: z.string().nullable(),
});
export type SavedCart = z.infer<typeof SavedCart>;

/** PUT /cart: the whole cart, replacing the kept one; `checkout` says the shopper has reached checkout with it. */
export const SavedCartRequest = z.object({
  lines: z
    .array(CartLine, { error: 'lines must be a list of { productId, quantity, size, color }.' })
    .max(ORDER_MAX_LINES, { error: `A cart can hold at most ${ORDER_MAX_LINES} lines.` }),
  checkout: z.boolean({ error: 'checkout must be true or false.' }).optional(),
});
export type SavedCartRequest = z.input<typeof SavedCartRequest>;

/** GET /wishlist and PUT /wishlist's answer. */
export const SavedWishlist = z.object({ productIds: z.array(z.string()), updatedAt: z.string().nullable() });
export type SavedWishlist = z.infer<typeof SavedWishlist>;

export const SavedWishlistRequest = z.object({
  productIds: z
    .array(Id, { error: 'productIds must be a list of product ids.' })
    .max(WISHLIST_MAX_ITEMS, { error: `A wishlist can hold at most ${WISHLIST_MAX_ITEMS} products.` }),
});
export type SavedWishlistRequest = z.input<typeof SavedWishlistRequest>;

/** GET /cart/restore/{token}: the cart a reminder's link brings back (no sign-in needed to open it). */
export const RestoredCart = z.object({ lines: z.array(SavedCartLine.extend({ name: z.string() })) });
export type RestoredCart = z.infer<typeof RestoredCart>;

/** The words beside the unticked box at checkout, kept with the consent (DPDP Rules). */
export const CART_REMINDER_CONSENT_TEXT =
  'If I leave my cart at checkout, email me a reminder (and on WhatsApp if I get order updates there): at most two, and none once I order.';
/** The words beside the unticked box asking for a review after delivery. */
export const REVIEW_REQUEST_CONSENT_TEXT = 'After delivery, email me once asking for a review of what I bought.';

/** GET/PUT /users/reminders: the shopper's consents to cart reminders and review requests. */
export const ReminderConsents = z.object({
  cartReminders: z.boolean({ error: 'cartReminders must be true or false.' }),
  reviewRequests: z.boolean({ error: 'reviewRequests must be true or false.' }),
});
export type ReminderConsents = z.infer<typeof ReminderConsents>;

export const ReminderConsentsRequest = ReminderConsents.partial();
export type ReminderConsentsRequest = z.infer<typeof ReminderConsentsRequest>;

/** A review's helpful count after the shopper's vote. */
export const HelpfulVote = z.object({ helpfulCount: z.number().int() });
export type HelpfulVote = z.infer<typeof HelpfulVote>;
