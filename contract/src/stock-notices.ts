import { z } from 'zod';
import { Email } from './accounts.js';

/** "Notify me" on an out-of-stock product: the address to write to once, when it is back. */
export const StockNoticeRequest = z.object({
  email: Email,
  /** The sold-out variant waited for (by its SKU); left out, the product as a whole. */
  variantSku: z
    .string({ error: 'variantSku must be text.' })
    .trim()
    .max(100, { error: 'variantSku must be at most 100 characters.' })
    .nullish()
    .transform((value) => value || undefined),
  /** The language of the page the wish is left from: its email is written in it (left out: the signed-in account's, else English). */
  language: z.enum(['en', 'hi'], { error: 'language must be one of en, hi.' }).optional(),
});
export type StockNoticeRequest = z.infer<typeof StockNoticeRequest>;

/** The same answer for a new wish and one already waiting. */
export const StockNoticeResponse = z.object({ message: z.string() });
export type StockNoticeResponse = z.infer<typeof StockNoticeResponse>;

export const STOCK_NOTICE_RECORDED =
  'Thank you. We will email you once when this product is back in stock, then forget your address.';
export const STOCK_NOTICE_IN_STOCK = 'This product is in stock: you can add it to your cart now.';
