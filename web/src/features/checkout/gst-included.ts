import { isGstRate, STANDARD_GST_RATE, splitInclusive } from '@netkart/contract';

export interface TaxedLine {
  /** Rupees each, tax inclusive. */
  price: number;
  quantity: number;
  /** The product's GST rate in percent; a line without one is taxed at the standard rate, as its invoice will be. */
  gstRate?: number;
}

/**
 * The GST inside a tax-inclusive total, in rupees: each line split as its invoice will split it
 * (CGST + SGST within the seller's state, IGST between states), to the paisa.
 */
export function gstIncluded(lines: TaxedLine[], withinState: boolean): number {
  let paise = 0;
  for (const line of lines) {
    const rate = line.gstRate !== undefined && isGstRate(line.gstRate) ? line.gstRate : STANDARD_GST_RATE;
    const amount = Math.round(line.price * 100) * line.quantity;
    const split = splitInclusive(amount, rate, withinState);
    paise += split.igst + split.cgst + split.sgst;
  }
  return paise / 100;
}
