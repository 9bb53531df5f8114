import { type PaymentMethod, PINCODE_PATTERN, type Quote } from '@netkart/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import type { CartItem } from './cart-rules';

/** The coupon the shopper applied, kept for the browser tab's session: the cart's code goes on to the checkout. */
const APPLIED_COUPON_KEY = 'netkart.coupon';

function readAppliedCoupon(): string | undefined {
  try {
    return window.sessionStorage.getItem(APPLIED_COUPON_KEY) || undefined;
  } catch {
    return undefined; // storage refused: nothing remembered
  }
}

function keepAppliedCoupon(code: string | undefined): void {
  try {
    if (code) window.sessionStorage.setItem(APPLIED_COUPON_KEY, code);
    else window.sessionStorage.removeItem(APPLIED_COUPON_KEY);
  } catch {
    // Not remembered; this page still has it.
  }
}

/**
 * The coupon code the shopper typed and applied, read after the page has hydrated. Nothing is ever
 * applied for them: it starts empty until they apply one.
 */
export function useAppliedCoupon(): [string | undefined, (code: string | undefined) => void] {
  const [code, setCode] = useState<string | undefined>(undefined);
  useEffect(() => setCode(readAppliedCoupon()), []);
  const apply = useCallback((next: string | undefined) => {
    const trimmed = next?.trim() || undefined;
    keepAppliedCoupon(trimmed);
    setCode(trimmed);
  }, []);
  return [code, apply];
}

/** The server's price of the cart, or why its coupon was refused (the rule it broke). */
export interface CartQuote {
  quote: Quote | null;
  couponError?: string;
}

/**
 * The cart priced by the shop (`POST /quote`): the same pricing that places the order, so the page
 * shows the order's own subtotal, discount, shipping, COD fee and total rather than working them out.
 * Null until it answers (the page then shows its items' prices alone).
 */
export function useCartQuote(
  items: Pick<CartItem, 'id' | 'quantity' | 'selectedSize' | 'selectedColor'>[],
  options: { couponCode?: string | undefined; postalCode?: string | undefined; paymentMethod?: PaymentMethod },
) {
  const pin = options.postalCode?.trim();
  const postalCode = pin && PINCODE_PATTERN.test(pin) ? pin : undefined;
  const lines = items.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    ...(item.selectedSize ? { size: item.selectedSize } : {}),
    ...(item.selectedColor ? { color: item.selectedColor } : {}),
  }));
  const body = {
    lines,
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    ...(postalCode ? { postalCode } : {}),
    ...(options.paymentMethod === 'cod' ? { paymentMethod: 'cod' as const } : {}),
  };
  return useQuery({
    queryKey: ['quote', body],
    queryFn: async (): Promise<CartQuote> => {
      const result = await apiRequest<Quote>('/quote', { method: 'POST', body });
      if (result.ok) return { quote: result.data };
      if (result.field === 'couponCode')
        return { quote: null, couponError: result.error ?? 'This coupon cannot be used.' };
      return { quote: null };
    },
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

/** The discount lines of a quote, each as the order, its emails and invoice will show it. */
export const discountLines = (quote: Quote | null | undefined) =>
  (quote?.charges ?? []).filter((charge) => charge.kind === 'discount');
