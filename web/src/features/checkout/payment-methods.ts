import { type CodOffer, type CodRules, codFee, codRefusal, type PaymentMethodsResponse } from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { englishT, type Translate } from '@/lib/i18n';

/** The store's payment methods (GET /payments/methods): its online provider and its cash-on-delivery offer. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payment-methods'],
    queryFn: async (): Promise<PaymentMethodsResponse | undefined> => {
      const result = await apiRequest<PaymentMethodsResponse>('/payments/methods');
      return result.ok ? result.data : undefined;
    },
    staleTime: 60_000,
  });
}

/** Cash on delivery for a cart of `itemsTotal` rupees: its fee in rupees, or why it is not offered. */
export function codForCart(
  offer: CodOffer | undefined,
  itemsTotal: number,
  place: { pincode: string; state: string; cod: boolean } | undefined,
  t: Translate = englishT,
): { available: true; fee: number } | { available: false; reason: string } {
  if (!offer?.enabled) return { available: false, reason: t('pay.codNotAtShop') };
  const rules: CodRules = {
    enabled: true,
    ...(offer.fee ? { fee: offer.fee } : {}),
    ...(offer.minOrder === undefined ? {} : { minOrder: offer.minOrder }),
    ...(offer.maxOrder === undefined ? {} : { maxOrder: offer.maxOrder }),
  };
  const paise = Math.round(itemsTotal * 100);
  const refusal = codRefusal(rules, { itemsTotal: paise, pincode: place?.pincode ?? '', state: place?.state });
  if (refusal) return { available: false, reason: refusal };
  if (place && !place.cod) return { available: false, reason: t('pay.codNotForPin', { pincode: place.pincode }) };
  return { available: true, fee: codFee(rules, paise) / 100 };
}
