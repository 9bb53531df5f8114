import {
  checkGstin,
  defaultInvoicePrefix,
  GST_STATES,
  gstinCheckCharacter,
  INDIAN_STATE_NAMES,
  splitInclusive,
  stateByName,
} from '@netkart/contract';
import { describe, expect, it } from 'vitest';

describe('the tax in a GST-inclusive price', () => {
  // Worked by hand: taxable = price ÷ (1 + rate), rounded; the tax is the rest, and equals the rate
  // applied to the taxable value (half each for CGST and SGST), rounded to the paisa.
  it.each([
    // paise, rate, within the seller's state → taxable, igst, cgst, sgst
    [189900, 18, false, 160932, 28968, 0, 0],
    [189900, 18, true, 160932, 0, 14484, 14484],
    [149900, 18, false, 127034, 22866, 0, 0],
    [149900, 18, true, 127034, 0, 11433, 11433],
    // 9900 ÷ 1.05 = 9428.57: 9429 would need 472 of tax (236 × 2) and overshoot; 9428 adds up.
    [9900, 5, false, 9429, 471, 0, 0],
    [9900, 5, true, 9428, 0, 236, 236],
    [50000, 0, true, 50000, 0, 0, 0],
    [100000, 0.25, false, 99751, 249, 0, 0],
    [3, 18, false, 3, 0, 0, 0],
    // No taxable value adds up with a rounded 40%: the nearest one, and the tax is the rest.
    [250000, 40, false, 178571, 71429, 0, 0],
    // ₹798 at 18%: no taxable value adds up with two rounded 9% halves (676.27 leaves 121.73 of
    // tax, an odd paisa). The odd paisa goes to the taxable value: 676.28 + 60.86 + 60.86.
    [79800, 18, true, 67628, 0, 6086, 6086],
    [79800, 18, false, 67627, 12173, 0, 0],
  ] as const)('%i paise at %s%% (within the state: %s)', (amount, rate, withinState, taxable, igst, cgst, sgst) => {
    const split = splitInclusive(amount, rate, withinState);
    expect(split).toEqual({ taxable, igst, cgst, sgst });
    expect(split.taxable + split.igst + split.cgst + split.sgst).toBe(amount);
  });

  it('always adds up to the paisa, and the tax is the rate applied within a paisa', () => {
    for (const rate of [0, 0.25, 3, 5, 18, 40] as const) {
      for (let amount = 0; amount < 300_000; amount += 997) {
        for (const withinState of [true, false]) {
          const { taxable, igst, cgst, sgst } = splitInclusive(amount, rate, withinState);
          expect(taxable + igst + cgst + sgst).toBe(amount);
          // Within the state, an odd paisa moved to the taxable value can widen the gap by one paisa.
          expect(Math.abs(igst + cgst + sgst - (taxable * rate) / 100)).toBeLessThanOrEqual(withinState ? 2 : 1.5);
          expect(cgst).toBe(sgst);
        }
      }
    }
  });

  it('gives CGST and SGST the same amount for every price from ₹1 to ₹5,000 at every rate', () => {
    for (const rate of [0.25, 3, 5, 18, 40] as const) {
      for (let amount = 100; amount <= 500_000; amount += 100) {
        const { taxable, cgst, sgst, igst } = splitInclusive(amount, rate, true);
        expect(igst).toBe(0);
        expect(cgst).toBe(sgst);
        expect(taxable + cgst + sgst).toBe(amount);
        // Each half is the half rate applied to the taxable value, within a paisa.
        expect(Math.abs(cgst - (taxable * rate) / 200)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses an amount that is not whole paise', () => {
    expect(() => splitInclusive(10.5, 18, true)).toThrow(RangeError);
  });
});

describe('the GSTIN check', () => {
  it.each([
    ['27AAPFU0939F1ZV', '27', 'Maharashtra'],
    ['29AAGCB7383J1Z4', '29', 'Karnataka'],
    [' 29aagcb7383j1z4 ', '29', 'Karnataka'],
  ])('accepts %s, registered in %s %s', (input, stateCode, stateName) => {
    expect(checkGstin(input)).toMatchObject({ valid: true, gstin: input.trim().toUpperCase(), stateCode, stateName });
  });

  it.each([
    ['29AAGCB7383J1Z', 'GSTIN has 15 characters, like 29AAGCB7383J1Z4.'],
    ['00AAGCB7383J1Z4', 'GSTIN starts with a state code (01–38, 97 or 99), not 00.'],
    ['29AAGC17383J1Z4', "GSTIN's characters 3 to 12 are a PAN: 5 letters, 4 digits and a letter."],
    ['29AAGCB7383J0Z4', 'GSTIN ends with a registration number (1–9 or A–Z), Z and a check character.'],
    ['29AAGCB7383J1Y4', 'GSTIN ends with a registration number (1–9 or A–Z), Z and a check character.'],
    ['29AAGCB7383J1Z5', 'GSTIN 29AAGCB7383J1Z5 is mistyped: its check character does not match.'],
    // Two neighbouring characters swapped: the check character catches it.
    ['29AGACB7383J1Z4', 'GSTIN 29AGACB7383J1Z4 is mistyped: its check character does not match.'],
  ])('refuses %s', (input, error) => {
    expect(checkGstin(input)).toEqual({ valid: false, error });
  });

  it('computes the check character of the GSTN’s published examples', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });
});

describe('the states', () => {
  it('have one code each, and every checkout name maps to its code', () => {
    expect(new Set(GST_STATES.map((state) => state.code)).size).toBe(GST_STATES.length);
    expect(INDIAN_STATE_NAMES).toHaveLength(36);
    expect(stateByName('karnataka')?.code).toBe('29');
    expect(stateByName(' Jammu  &  Kashmir ')?.code).toBe('01');
    expect(stateByName('Atlantis')).toBeUndefined();
  });
});

describe('defaultInvoicePrefix', () => {
  it.each([
    ['NetKart', 'NK'],
    ['Chai Tech', 'CT'],
    ['LapCare Retail Store', 'LCR'],
    ['techkart', 'TE'],
    ['Mumbai Mobile Mart & Co', 'MMM'],
    ['★', 'IN'],
  ])('%s → %s, which fits PREFIX/YY-YY/NNNNNN in 16 characters', (name, prefix) => {
    expect(defaultInvoicePrefix(name)).toBe(prefix);
    expect(`${prefix}/26-27/000001`.length).toBeLessThanOrEqual(16);
  });
});
