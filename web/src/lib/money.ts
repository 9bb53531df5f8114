const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The one price formatter of the store: INR, en-IN grouping, at most 2 decimals. Whole rupees drop
 * the paise (₹1,499, not ₹1,499.00); otherwise both paise digits show (₹1,499.50).
 */
export function formatPrice(amount: number): string {
  const paise = Math.round((Number.isFinite(amount) ? amount : 0) * 100);
  return paise % 100 === 0 ? rupees.format(paise / 100) : rupeesAndPaise.format(paise / 100);
}
