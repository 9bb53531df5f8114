import { POLICY_SLUGS, type PolicySlug } from '@netkart/contract';

/** Spec: words that are routes of their own never show a policy. */
export const RESERVED_SLUGS = [
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'account',
  'cart',
  'products',
  'product',
  'contact',
  'track-order',
  'orders',
  '404',
];

/** A policy page's address; light enough for the router's loaders (no policy text, no sanitiser). */
export const isPolicySlug = (slug: string | undefined): slug is PolicySlug =>
  !!slug && !RESERVED_SLUGS.includes(slug) && (POLICY_SLUGS as readonly string[]).includes(slug);
