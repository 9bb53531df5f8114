import { type ShippingRules, type ShippingZone, VOLUMETRIC_DIVISOR } from '@netkart/contract';

/** What the courier weighs of a product: grams and cm, null when the catalogue has none. */
export interface Packed {
  weight_grams: number | null;
  length_cm: number | null;
  breadth_cm: number | null;
  height_cm: number | null;
}

export interface PackedLine {
  product: Packed;
  /** The variant ordered, when the product has variants: its own weight and size, each null for the product's. */
  variant?: Packed | undefined;
  quantity: number;
}

/** A variant's parcel: its own weight and size where it has them, the product's where not. */
function packedOf({ product, variant }: PackedLine): Packed {
  if (!variant) return product;
  const ownSize = variant.length_cm !== null && variant.breadth_cm !== null && variant.height_cm !== null;
  return {
    weight_grams: variant.weight_grams ?? product.weight_grams,
    length_cm: ownSize ? variant.length_cm : product.length_cm,
    breadth_cm: ownSize ? variant.breadth_cm : product.breadth_cm,
    height_cm: ownSize ? variant.height_cm : product.height_cm,
  };
}

type Defaults = Pick<ShippingRules, 'defaultWeightGrams' | 'defaultDimensionsCm'>;

/** One piece's volumetric weight in grams (L × B × H / 5000 kg), 0 when it has no size. */
function volumetricGrams(product: Packed, defaults: Defaults): number {
  const own = [product.length_cm, product.breadth_cm, product.height_cm].map((side) =>
    side === null ? Number.NaN : Number(side),
  );
  const [length, breadth, height] = own.every((side) => side > 0)
    ? own
    : defaults.defaultDimensionsCm
      ? [defaults.defaultDimensionsCm.length, defaults.defaultDimensionsCm.breadth, defaults.defaultDimensionsCm.height]
      : [0, 0, 0];
  return ((length ?? 0) * (breadth ?? 0) * (height ?? 0) * 1000) / VOLUMETRIC_DIVISOR;
}

/**
 * The parcel's chargeable weight in whole grams: the greater of its dead weight and its volumetric
 * weight, each added up over the order's pieces (one parcel, as the courier weighs it).
 */
export function chargeableGrams(lines: PackedLine[], defaults: Defaults): number {
  let dead = 0;
  let volumetric = 0;
  for (const line of lines) {
    const { quantity } = line;
    const product = packedOf(line);
    const weight = product.weight_grams === null ? defaults.defaultWeightGrams : Number(product.weight_grams);
    dead += weight * quantity;
    volumetric += volumetricGrams(product, defaults) * quantity;
  }
  return Math.ceil(Math.max(dead, volumetric));
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** The threshold in paise, or null when the store never ships free. */
export const freeFromPaise = (rules: ShippingRules): number | null =>
  rules.freeFrom === undefined || rules.freeFrom === null ? null : paise(rules.freeFrom);

/**
 * What shipping costs in paise: nothing once the items reach the free threshold, else the price of
 * the first slab that holds the weight (a parcel exactly at a slab's edge is in that slab).
 */
export function shippingPaise(
  rules: ShippingRules,
  parcel: { itemsTotal: number; zone: ShippingZone; grams: number },
): number {
  const threshold = freeFromPaise(rules);
  if (threshold !== null && parcel.itemsTotal >= threshold) return 0;
  const slab = rules.slabs.find((each) => each.upToGrams === undefined || parcel.grams <= each.upToGrams);
  // The rules' check keeps an open last slab; a slab is always found.
  const price = slab?.price ?? 0;
  return paise(typeof price === 'number' ? price : price[parcel.zone]);
}
