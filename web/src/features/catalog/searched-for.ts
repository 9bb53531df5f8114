import { englishT, type Translate } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import type { SearchOutcome } from './api';

/**
 * The line under a search's heading that says what the results are for, when that is not simply
 * the words typed: "Showing results for “charger” up to ₹1,000, lowest price first." for
 * "sasta charger under 1000", or the spelling searched instead of a mistyped one.
 */
export function searchedForText(search: SearchOutcome | null | undefined, t: Translate = englishT): string | null {
  if (!search) return null;
  if (search.searchedFor === undefined && !search.priceFromWords && !search.sortFromWords)
    return search.correctedQuery ? t('search.showingCorrected', { words: search.correctedQuery }) : null;
  const words = search.searchedFor ?? search.correctedQuery ?? search.query;
  const what = words ? t('search.whatResults', { words }) : t('search.whatProducts');
  const price = priceText(search.priceFromWords, t);
  const order =
    search.sortFromWords === 'price_asc'
      ? t('search.lowestFirst')
      : search.sortFromWords === 'price_desc'
        ? t('search.highestFirst')
        : '';
  return t('search.showing', { what, price, order });
}

/** The price range the words asked for, as the shopper reads it (both ends included). */
function priceText(price: SearchOutcome['priceFromWords'], t: Translate): string {
  if (!price) return '';
  const { min, max } = price;
  if (min !== null && max !== null) return t('search.priceFromTo', { min: formatPrice(min), max: formatPrice(max) });
  if (max !== null) return t('search.priceUpTo', { max: formatPrice(max) });
  if (min !== null) return t('search.priceFrom', { min: formatPrice(min) });
  return '';
}
