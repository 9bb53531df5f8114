import { PINCODE_PATTERN, type ShippingQuote } from '@netkart/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { englishT, type Translate } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import type { CartItem } from './cart-rules';

/**
 * The products (and variants) and quantities a quote is for: the same product in two sizes is one
 * parcel's weight twice; each variant weighs its own.
 */
function quotedItems(items: Pick<CartItem, 'id' | 'quantity' | 'variantSku'>[]) {
  const byLine = new Map<string, { productId: string; quantity: number; variantSku?: string }>();
  for (const item of items) {
    const key = `${item.id} ${item.variantSku ?? ''}`;
    const known = byLine.get(key);
    if (known) known.quantity += item.quantity;
    else
      byLine.set(key, {
        productId: item.id,
        quantity: item.quantity,
        ...(item.variantSku ? { variantSku: item.variantSku } : {}),
      });
  }
  return [...byLine.values()];
}

/**
 * What shipping costs for these items (`POST /shipping/quote`), to a PIN once it is known (the
 * checkout's, the product page's delivery check), else to the rest of India. The server works the
 * charge out again when the order is placed; this is what the shopper is shown before the last step.
 */
export function useShippingQuote(items: Pick<CartItem, 'id' | 'quantity' | 'variantSku'>[], pincode?: string) {
  const pin = pincode?.trim();
  const known = pin && PINCODE_PATTERN.test(pin) ? pin : undefined;
  const wanted = quotedItems(items);
  return useQuery({
    queryKey: ['shipping-quote', known ?? null, wanted],
    queryFn: async (): Promise<ShippingQuote | null> => {
      const result = await apiRequest<ShippingQuote>('/shipping/quote', {
        method: 'POST',
        body: { items: wanted, ...(known ? { pincode: known } : {}) },
      });
      return result.ok && result.data ? result.data : null;
    },
    enabled: wanted.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** "₹79 (free from ₹999)", "Free", or "₹79" for a store that never ships free. */
export function shippingText(quote: Pick<ShippingQuote, 'charge' | 'freeFrom'>, t: Translate = englishT): string {
  if (quote.charge === 0) return t('shipping.free');
  return quote.freeFrom === null
    ? formatPrice(quote.charge)
    : t('shipping.freeFrom', { charge: formatPrice(quote.charge), freeFrom: formatPrice(quote.freeFrom) });
}
