// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gstIncluded } from './gst-included';

describe('the GST inside a total', () => {
  it.each([
    // ₹1,899 × 2 at 18%: taxable 3,218.64, tax 579.36 between states; CGST + SGST 289.68 each within.
    [[{ price: 1899, quantity: 2, gstRate: 18 }], false, 579.36],
    [[{ price: 1899, quantity: 2, gstRate: 18 }], true, 579.36],
    // ₹99 at 5%: 4.71 as IGST, but 4.72 as two equal halves of 2.36.
    [[{ price: 99, quantity: 1, gstRate: 5 }], false, 4.71],
    [[{ price: 99, quantity: 1, gstRate: 5 }], true, 4.72],
    // A line without a rate is taxed at the standard 18%, as its invoice will be; lines at different rates add up.
    [
      [
        { price: 1499, quantity: 1, gstRate: 18 },
        { price: 500, quantity: 3 },
        { price: 999.5, quantity: 1, gstRate: 5 },
      ],
      false,
      228.66 + 228.81 + 47.6,
    ],
  ])('%j within the state: %s → ₹%s', (lines, withinState, tax) => {
    expect(gstIncluded(lines, withinState)).toBeCloseTo(tax, 2);
  });
});
