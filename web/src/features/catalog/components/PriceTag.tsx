import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { referencePrice, type StoreProduct, savingOf, stockNote } from '../product';

const sizes = {
  sm: { price: 'text-base sm:text-lg', reference: 'text-xs sm:text-sm' },
  md: { price: 'text-lg', reference: 'text-sm' },
  lg: { price: 'text-3xl', reference: 'text-base' },
};

/**
 * The price; under it one reference price (the M.R.P., else the regular price of a discounted
 * product), struck through when the price is lower, with what the shopper saves against it; and how
 * many are left.
 */
export function PriceTag({
  product,
  size = 'md',
  className,
}: {
  product: Pick<StoreProduct, 'price' | 'originalPrice' | 'mrp' | 'stock' | 'priceFrom'>;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const t = useT();
  const reference = referencePrice(product);
  const saving = savingOf(product);
  const note = stockNote(product.stock, t);
  return (
    <div className={cn('space-y-1', className)}>
      <p className={cn('font-bold text-slate-900', sizes[size].price)}>
        {/* Variants at different prices: the cheapest's, as a starting point. */}
        {product.priceFrom ? <span className="font-normal text-slate-600">{t('price.from')}</span> : null}
        {formatPrice(product.price)}
      </p>
      {reference && (reference.label || saving) ? (
        <p className={cn('flex flex-wrap items-baseline gap-x-2', sizes[size].reference)}>
          <span className="text-slate-600">
            {reference.label ? t('price.mrp') : null}
            {saving ? (
              <>
                <span className="sr-only">{t('price.was')}</span>
                <s>{formatPrice(reference.amount)}</s>
              </>
            ) : (
              formatPrice(reference.amount)
            )}
          </span>
          {saving ? (
            <span className="font-semibold text-green-700">
              {t('price.save', { amount: formatPrice(saving.amount), percent: saving.percent })}
            </span>
          ) : null}
        </p>
      ) : null}
      {note ? (
        <p className={cn('text-sm font-medium', product.stock <= 0 ? 'text-red-700' : 'text-amber-800')}>{note}</p>
      ) : null}
    </div>
  );
}
