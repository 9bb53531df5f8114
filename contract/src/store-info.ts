import { z } from 'zod';

export const POLICY_SLUGS = ['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

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
});
export type StoreInfo = z.infer<typeof StoreInfo>;
