import { z } from 'zod';
import { PaymentMethod } from './cod.js';
import { ORDER_MAX_LINES, OrderLineInput } from './orders.js';

export const COUPON_KINDS = ['percent', 'flat', 'free-shipping'] as const;
export const CouponKind = z.enum(COUPON_KINDS, { error: "kind is one of 'percent', 'flat' or 'free-shipping'." });
export type CouponKind = z.infer<typeof CouponKind>;

/** A code as shoppers type it: letters, digits, - and _; matched without regard to case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;
export const CouponCode = z
  .string({ error: 'couponCode must be text.' })
  .trim()
  .max(30, { error: 'couponCode is at most 30 characters.' });

/** An India-time day, YYYY-MM-DD. */
const Day = (field: string) =>
  z
    .string({ error: `${field} must be a day, YYYY-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a day, YYYY-MM-DD.` })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+05:30`)), {
      error: `${field} must be a real day, YYYY-MM-DD.`,
    });

const Rupees = (field: string) =>
  z
    .number({ error: `${field} must be an amount in rupees.` })
    .positive({ error: `${field} must be more than 0.` })
    .max(10_000_000, { error: `${field} is too large.` });

const Count = (field: string) =>
  z
    .number({ error: `${field} must be a whole number.` })
    .int({ error: `${field} must be a whole number.` })
    .min(1, { error: `${field} must be at least 1.` });

/**
 * POST /admin/coupons (and `store coupons add`): a code, or none for an automatic offer; percent
 * (with a cap), flat, or free shipping; days from and to are India time, both included.
 */
export const CreateCouponRequest = z
  .object({
    code: CouponCode.regex(COUPON_CODE_PATTERN, {
      error: 'code is 3 to 30 letters, digits, - or _ (like DIWALI10).',
    }).optional(),
    kind: CouponKind,
    percent: z
      .number({ error: 'percent must be a whole number from 1 to 100.' })
      .int({ error: 'percent must be a whole number from 1 to 100.' })
      .min(1, { error: 'percent must be a whole number from 1 to 100.' })
      .max(100, { error: 'percent must be a whole number from 1 to 100.' })
      .optional(),
    maxDiscount: Rupees('maxDiscount').optional(),
    flat: Rupees('flat').optional(),
    minOrder: z.number({ error: 'minOrder must be an amount in rupees.' }).min(0).max(10_000_000).default(0),
    from: Day('from').optional(),
    to: Day('to').optional(),
    limit: Count('limit').optional(),
    perCustomer: Count('perCustomer').optional(),
    categories: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    productIds: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
    prepaidOnly: z.boolean({ error: 'prepaidOnly must be true or false.' }).default(false),
  })
  .check((context) => {
    const coupon = context.value;
    const issue = (path: string, message: string) =>
      context.issues.push({ code: 'custom', input: coupon, path: [path], message });
    if (coupon.kind === 'percent' && coupon.percent === undefined) issue('percent', 'A percent coupon needs percent.');
    if (coupon.kind !== 'percent' && coupon.percent !== undefined)
      issue('percent', 'Only a percent coupon has percent.');
    if (coupon.kind !== 'percent' && coupon.maxDiscount !== undefined)
      issue('maxDiscount', 'Only a percent coupon has a maximum discount.');
    if (coupon.kind === 'flat' && coupon.flat === undefined) issue('flat', 'A flat coupon needs flat (rupees off).');
    if (coupon.kind !== 'flat' && coupon.flat !== undefined) issue('flat', 'Only a flat coupon has flat.');
    if (coupon.from && coupon.to && coupon.to < coupon.from) issue('to', 'to must not be before from.');
  });
export type CreateCouponRequest = z.input<typeof CreateCouponRequest>;
export type CreateCouponInput = z.output<typeof CreateCouponRequest>;

/** A coupon as the back office reads it; money in rupees, days India time. */
export const Coupon = z.object({
  id: z.string(),
  /** null: an automatic offer, given to every order it fits. */
  code: z.string().nullable(),
  kind: CouponKind,
  percent: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  flat: z.number().nullable(),
  minOrder: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  limit: z.number().nullable(),
  perCustomer: z.number().nullable(),
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  prepaidOnly: z.boolean(),
  /** Orders holding it now (a cancelled order's use is given back). */
  used: z.number().int(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;

export const CouponListResponse = z.object({ data: z.array(Coupon) });
export type CouponListResponse = z.infer<typeof CouponListResponse>;

/**
 * POST /quote: a cart priced exactly as its order would be, for the cart and checkout pages. The
 * PIN and payment method, when known, add shipping and the COD fee.
 */
export const QuoteRequest = z.object({
  lines: z
    .array(OrderLineInput, { error: 'lines must be a list of { productId, quantity, size, color }.' })
    .min(1, { error: 'lines must hold at least one product.' })
    .max(ORDER_MAX_LINES, { error: `An order can hold at most ${ORDER_MAX_LINES} lines.` }),
  couponCode: CouponCode.optional().transform((code) => code || undefined),
  postalCode: z.string({ error: 'postalCode must be a PIN code.' }).trim().optional(),
  paymentMethod: PaymentMethod.optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequest>;

/** The price of a cart, all in rupees, GST included in every figure. */
export const Quote = z.object({
  /** The items at their prices. */
  subtotal: z.number(),
  /** What the coupon or offer takes off (0 without one), as a positive number. */
  discount: z.number(),
  shipping: z.number(),
  codFee: z.number(),
  /** The GST inside the total, and by rate. */
  taxIncluded: z.number(),
  taxes: z.array(z.object({ rate: z.number(), amount: z.number() })),
  total: z.number(),
  /** The coupon or automatic offer applied: its code (null for an offer) and what it says. */
  coupon: z.object({ code: z.string().nullable(), label: z.string() }).nullable(),
  /** Each line beyond the items as the order will show it (shipping, COD fee, discount). */
  charges: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number() })),
});
export type Quote = z.infer<typeof Quote>;
