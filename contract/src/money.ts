/** Whole rupees grouped the Indian way: the last three digits, then pairs (1,23,45,678). */
function groupIndian(digits: string): string {
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
}

/**
 * The one price formatter of the store (storefront, messages, refusals): INR, en-IN grouping, at most
 * 2 decimals. Whole rupees drop the paise (₹1,499, not ₹1,499.00); otherwise both paise digits show
 * (₹1,499.50). Written out, not Intl.NumberFormat: a phone's first Intl formatter loads locale data,
 * the longest single piece of work before the page answers a tap.
 */
export function formatRupees(amount: number): string {
  const paise = Math.round((Number.isFinite(amount) ? amount : 0) * 100);
  const sign = paise < 0 ? '-' : '';
  const whole = groupIndian(String(Math.floor(Math.abs(paise) / 100)));
  const fraction = Math.abs(paise) % 100;
  return `${sign}₹${whole}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}

/**
 * A count as en-IN and hi-IN write it (Latin digits, grouped the Indian way: 1,00,000), written out
 * for the same reason as formatRupees. A count that is not a whole number is written as it is.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  return `${value < 0 ? '-' : ''}${groupIndian(String(Math.abs(value)))}`;
}
