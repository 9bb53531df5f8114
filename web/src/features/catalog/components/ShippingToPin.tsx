import { shippingText, useShippingQuote } from '@/features/cart/shipping-quote';
import { useT } from '@/lib/i18n';

/**
 * What shipping one of this product (of its chosen variant, which weighs its own) costs to a PIN,
 * shown before the cart: "Shipping: ₹79 (free from ₹999)".
 */
export function ShippingToPin({
  productId,
  pin,
  variantSku,
}: {
  productId: string;
  pin: string;
  variantSku?: string | undefined;
}) {
  const t = useT();
  const quote = useShippingQuote([{ id: productId, quantity: 1, ...(variantSku ? { variantSku } : {}) }], pin).data;
  if (!quote) return null;
  return <p className="mt-1 text-sm text-slate-700">{t('product.shipping', { text: shippingText(quote, t) })}</p>;
}
