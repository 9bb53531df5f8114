import { formatPrice } from '@/lib/money';
import type { SearchOutcome } from './api';

/**
 * The line under a search's heading that says what the results are for, when that is not simply
 * the words typed: "Showing results for “charger” up to ₹1,000, lowest price first." for
 * "sasta charger under 1000", or the spelling searched instead of a mistyped one.
 */
export function searchedForText(search: SearchOutcome | null | undefined): string | null {
  if (!search) return null;
  if (search.searchedFor === undefined && !search.priceFromWords && !search.sortFromWords)
    return search.correctedQuery ? `Showing results for “${search.correctedQuery}”.` : null;
  const words = search.searchedFor ?? search.correctedQuery ?? search.query;
  const what = words ? `results for “${words}”` : 'products';
  const price = priceText(search.priceFromWords);
  const order =
    search.sortFromWords === 'price_asc'
      ? ', lowest price first'
      : search.sortFromWords === 'price_desc'
        ? ', highest price first'
        : '';
  return `Showing ${what}${price}${order}.`;
}

/** The price range the words asked for, as the shopper reads it (both ends included). */
function priceText(price: SearchOutcome['priceFromWords']): string {
  if (!price) return '';
  const { min, max } = price;
  if (min !== null && max !== null) return ` from ${formatPrice(min)} to ${formatPrice(max)}`;
  if (max !== null) return ` up to ${formatPrice(max)}`;
  if (min !== null) return ` from ${formatPrice(min)}`;
  return '';
}
