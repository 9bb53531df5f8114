import { describe, expect, it } from 'vitest';
import { chargeableGrams } from './slabs.js';

const defaults = { defaultWeightGrams: 500 };
const packed = (weight: number | null, sides: [number, number, number] | null = null) => ({
  weight_grams: weight,
  length_cm: sides?.[0] ?? null,
  breadth_cm: sides?.[1] ?? null,
  height_cm: sides?.[2] ?? null,
});

describe('a variant’s parcel', () => {
  it('weighs what the variant weighs, and the product’s where the variant gives none', () => {
    const cable = packed(100, [10, 10, 5]);
    expect(chargeableGrams([{ product: cable, variant: packed(300), quantity: 2 }], defaults)).toBe(600);
    expect(chargeableGrams([{ product: cable, variant: packed(null), quantity: 2 }], defaults)).toBe(200);
    // Its own size, all three sides, counts over the product's: 40 × 30 × 20 / 5000 = 4.8 kg.
    expect(chargeableGrams([{ product: cable, variant: packed(null, [40, 30, 20]), quantity: 1 }], defaults)).toBe(
      4800,
    );
  });
});
