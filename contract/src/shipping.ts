import { z } from 'zod';
import { PINCODE_PATTERN } from './pincode-rules.js';

/**
 * Shipping charged the way Indian couriers bill: by zone (from the store's PIN to the order's) and
 * by weight slab (the greater of the parcel's dead and volumetric weight), free from a threshold.
 */

/** The zones couriers price by, nearest first. */
export const SHIPPING_ZONES = ['withinCity', 'withinState', 'metroToMetro', 'restOfIndia', 'northEastAndJk'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export const SHIPPING_ZONE_NAMES: Record<ShippingZone, string> = {
  withinCity: 'Within city',
  withinState: 'Within state',
  metroToMetro: 'Metro to metro',
  restOfIndia: 'Rest of India',
  northEastAndJk: 'North-east and J&K',
};

/** Volumetric weight in kg is L × B × H in cm divided by this (what Indian couriers use). */
export const VOLUMETRIC_DIVISOR = 5000;

/** The accounting code of courier services on an invoice (SAC 996812). */
export const SHIPPING_SAC = '996812';

const rupees = (field: string) =>
  z
    .number({ error: `${field} must be an amount in rupees, e.g. 79.` })
    .min(0, { error: `${field} cannot be negative.` })
    .max(100_000, { error: `${field} is over ₹1,00,000.` })
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
      error: `${field} has more than two decimals.`,
    });

/** A slab's price: one amount for every zone, or one per zone. */
const PRICE_MESSAGE = `price must be an amount in rupees, or one amount for each zone: ${SHIPPING_ZONES.join(', ')}.`;
const SlabPrice = z.union(
  [
    rupees('price'),
    z.strictObject(
      {
        withinCity: rupees('price.withinCity'),
        withinState: rupees('price.withinState'),
        metroToMetro: rupees('price.metroToMetro'),
        restOfIndia: rupees('price.restOfIndia'),
        northEastAndJk: rupees('price.northEastAndJk'),
      },
      { error: PRICE_MESSAGE },
    ),
  ],
  { error: PRICE_MESSAGE },
);

const Dimensions = z.strictObject({
  length: z.number().positive({ error: 'length must be over 0 cm.' }).max(500),
  breadth: z.number().positive({ error: 'breadth must be over 0 cm.' }).max(500),
  height: z.number().positive({ error: 'height must be over 0 cm.' }).max(500),
});

/**
 * A store's shipping rules (`store shipping set --file rules.json`). Slabs rise by weight; the last
 * has no `upToGrams` and takes any heavier parcel, so every order has a price.
 */
export const ShippingRules = z
  .strictObject({
    /** Free shipping when the items come to at least this many rupees; null or absent: never free. */
    freeFrom: rupees('freeFrom').nullable().optional(),
    slabs: z
      .array(
        z.strictObject({
          upToGrams: z
            .number()
            .int({ error: 'upToGrams must be whole grams.' })
            .positive({ error: 'upToGrams must be over 0.' })
            .optional(),
          price: SlabPrice,
        }),
        { error: 'slabs must be a list of { upToGrams, price }.' },
      )
      .min(1, { error: 'slabs needs at least one slab.' })
      .max(50),
    /** For products without a weight or size of their own. */
    defaultWeightGrams: z
      .number()
      .int({ error: 'defaultWeightGrams must be whole grams.' })
      .positive({ error: 'defaultWeightGrams must be over 0.' })
      .max(1_000_000)
      .default(500),
    defaultDimensionsCm: Dimensions.optional(),
    /** Where parcels leave from; absent: the PIN in the company address. */
    originPincode: z
      .string()
      .regex(PINCODE_PATTERN, { error: 'originPincode must be a PIN code: 6 digits, not starting with 0.' })
      .optional(),
  })
  .superRefine((rules, context) => {
    rules.slabs.forEach((slab, index) => {
      const last = index === rules.slabs.length - 1;
      if (last && slab.upToGrams !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['slabs', index, 'upToGrams'],
          message: 'The last slab takes every heavier parcel: leave out its upToGrams.',
        });
      }
      if (!last && slab.upToGrams === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['slabs', index, 'upToGrams'],
          message: 'Every slab but the last needs upToGrams.',
        });
      }
      const before = rules.slabs[index - 1]?.upToGrams;
      if (slab.upToGrams !== undefined && before !== undefined && slab.upToGrams <= before) {
        context.addIssue({
          code: 'custom',
          path: ['slabs', index, 'upToGrams'],
          message: 'Slabs must rise: each upToGrams above the one before.',
        });
      }
    });
  });
export type ShippingRules = z.output<typeof ShippingRules>;
export type ShippingRulesInput = z.input<typeof ShippingRules>;

/** POST /shipping/quote: what shipping a cart costs to a PIN. */
export const ShippingQuoteRequest = z.object({
  items: z
    .array(
      z.object({
        productId: z.string({ error: 'items[].productId is required.' }).min(1).max(100),
        quantity: z.number().int().min(1, { error: 'items[].quantity must be at least 1.' }).max(1000),
        /** The variant (by its SKU) of a product with options: its own weight, size and price are quoted. */
        variantSku: z
          .string({ error: 'items[].variantSku must be text.' })
          .trim()
          .max(100, { error: 'items[].variantSku must be at most 100 characters.' })
          .nullish()
          .transform((value) => value || undefined),
      }),
      { error: 'items must be a list of { productId, quantity, variantSku? }.' },
    )
    .min(1, { error: 'items must hold at least one product.' })
    .max(100),
  /** Where to; left out (a cart before checkout), the rest-of-India zone is quoted. */
  pincode: z.string({ error: 'pincode must be a PIN code.' }).trim().optional(),
});
export type ShippingQuoteRequest = z.infer<typeof ShippingQuoteRequest>;

export const ShippingQuote = z.object({
  /** Rupees, GST included; 0 when free. */
  charge: z.number(),
  /** Items worth this many rupees ship free; null: the store never ships free. */
  freeFrom: z.number().nullable(),
  /** The zone priced: the PIN's, or the rest of India when no PIN was given. */
  zone: z.enum(SHIPPING_ZONES),
  /** The chargeable weight: the greater of dead and volumetric weight. */
  weightGrams: z.number().int(),
});
export type ShippingQuote = z.infer<typeof ShippingQuote>;

/** A charge of an order beyond its items, as the API shows it. */
export const OrderCharge = z.object({
  /** 'shipping', 'cod-fee' … */
  kind: z.string(),
  label: z.string(),
  /** Rupees, GST included. */
  amount: z.number(),
});
export type OrderCharge = z.infer<typeof OrderCharge>;

/** GET/PUT /admin/settings/shipping: the store's rules; null when shipping is free (no rules). */
export const AdminShippingSettings = z.object({ rules: ShippingRules.nullable() });
export type AdminShippingSettings = z.infer<typeof AdminShippingSettings>;
