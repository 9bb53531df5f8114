import { POLICY_SLUGS, type PolicySlug } from './policy-slugs.js';

export { POLICY_SLUGS, type PolicySlug };

import { z } from 'zod';

/** The grievance officer the Consumer Protection (E-Commerce) Rules 2020 make a seller name. */
export const GrievanceOfficer = z.object({
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type GrievanceOfficer = z.infer<typeof GrievanceOfficer>;

/** The icons a highlight may name; the storefront draws each with its own picture, and any other with a plain one. */
export const HIGHLIGHT_ICONS = [
  'network',
  'usb',
  'storage',
  'cable',
  'laptop',
  'charger',
  'monitor',
  'keyboard',
  'mouse',
  'headphones',
  'phone',
  'shipping',
  'warranty',
  'support',
  'payment',
] as const;
export type HighlightIcon = (typeof HIGHLIGHT_ICONS)[number];

/** How many synonym groups a store may keep, of how many words each, each how long. */
export const SEARCH_SYNONYM_LIMITS = { groups: 200, wordsPerGroup: 20, wordLength: 60 } as const;

/** The home page's teaser block: a heading and a few short items. */
export const Highlights = z.object({
  title: z.string(),
  items: z.array(z.object({ title: z.string(), text: z.string(), icon: z.string().optional() })),
});
export type Highlights = z.infer<typeof Highlights>;

/**
 * The storefront's own texts, each the merchant's: a store without one shows nothing in its
 * place (never another shop's words).
 */
export const StorefrontTexts = z.object({
  /** The page's `<meta name="description">`, for search engines and shared links. */
  metaDescription: z.string().optional(),
  /** The home page's main heading. */
  heroTitle: z.string().optional(),
  highlights: Highlights.optional(),
  /** The heading above the newsletter sign-up. */
  newsletterTitle: z.string().optional(),
  /** When the shop answers the phone, shown on the contact page (e.g. 'Monday to Saturday, 10AM-6PM'). */
  supportHours: z.string().optional(),
});
export type StorefrontTexts = z.infer<typeof StorefrontTexts>;
export const STOREFRONT_TEXT_FIELDS = Object.keys(StorefrontTexts.shape) as (keyof StorefrontTexts)[];

/** How many of one product an order may hold unless the store sets its own cap. */
export const DEFAULT_MAX_LINE_QUANTITY = 10;

/** The answer to an order holding more of one product than the store's cap. */
export const lineCapMessage = (cap: number): string => `You can order at most ${cap} of one product.`;

/** Store details (spec section 3), as GET /storeInfo returns them. */
export const StoreInfo = z.object({
  storeName: z.string(),
  companyName: z.string(),
  companyAddress: z.string(),
  companyEmail: z.string(),
  companyPhone: z.string(),
  companyLogoUrl: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  /** Category name → image URL, with a 'default' key. */
  categoryImages: z.record(z.string(), z.string()),
  /** Policy slug → HTML (sanitised by the storefront before it is shown). */
  policies: z.record(z.string(), z.string()),
  /**
   * How the store takes payment, as GET /storeInfo tells it: 'test' (the sandbox gateway: the
   * storefront shows a test-mode banner), 'live', or 'none' (not set up: orders wait for the shop).
   */
  paymentMode: z.enum(['test', 'live', 'none']).optional(),
  ...StorefrontTexts.shape,
  /** The seller's legal name (on invoices and disclosures); absent: the company name. */
  legalName: z.string().optional(),
  /** The seller's GSTIN; absent: not registered for GST (a plain receipt instead of a tax invoice). */
  gstin: z.string().optional(),
  /** The state the GSTIN is registered in, from its first two digits. */
  gstState: z.object({ code: z.string(), name: z.string() }).optional(),
  /** The start of invoice numbers (PREFIX/YY-YY/NNNNNN); absent: from the store's name (`defaultInvoicePrefix`). */
  invoicePrefix: z.string().optional(),
  grievanceOfficer: GrievanceOfficer.optional(),
  /**
   * The merchant's search synonyms: each group lists words shoppers use for one another
   * (e.g. ["thumb drive", "pendrive"]); a search for one finds products that say any of them.
   */
  searchSynonyms: z.array(z.array(z.string())).optional(),
  /** How many of one product one order may hold (the storefront's quantity pickers stop there). */
  maxLineQuantity: z.number().int().optional(),
  /** The categories the merchant marks as BIS-notified: their products need a BIS R-number (an import refuses them without). */
  bisCategories: z.array(z.string()).optional(),
});
export type StoreInfo = z.infer<typeof StoreInfo>;
