/** The store's policy pages (spec: /terms, /privacy, /refund, /return, /shipping, /about). No schema here: the shop's first page reads it. */
export const POLICY_SLUGS = ['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];
