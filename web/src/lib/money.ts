import { formatRupees } from '@netkart/contract';
/** The one price formatter of the store (see the contract's formatRupees): ₹1,499, ₹1,499.50. */
export const formatPrice = formatRupees;
