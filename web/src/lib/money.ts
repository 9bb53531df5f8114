const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** The one price formatter of the store: rupees in INR, en-IN grouping, at most 2 decimals. */
export function formatPrice(rupees: number): string {
  return inr.format(Number.isFinite(rupees) ? rupees : 0);
}
