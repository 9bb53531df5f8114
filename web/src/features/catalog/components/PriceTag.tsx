import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/money';
import { discountPercent, type StoreProduct, stockNote } from '../product';

const sizes = {
  sm: { price: 'text-base sm:text-lg', regular: 'text-xs sm:text-sm', off: 'text-xs sm:text-sm' },
  md: { price: 'text-lg', regular: 'text-sm', off: 'text-sm' },
  lg: { price: 'text-3xl', regular: 'text-lg', off: 'text-base' },
};

/** The price, the struck-through regular price with the percent off, and how many are left. */
export function PriceTag({
  product,
  size = 'md',
  className,
}: {
  product: Pick<StoreProduct, 'price' | 'originalPrice' | 'stock'>;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const percent = discountPercent(product);
  const note = stockNote(product.stock);
  return (
    <div className={cn('space-y-1', className)}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={cn('font-bold text-slate-900', sizes[size].price)}>{formatPrice(product.price)}</span>
        {product.originalPrice !== undefined && percent !== undefined ? (
          <>
            <span className={cn('text-slate-500 line-through', sizes[size].regular)}>
              <span className="sr-only">was </span>
              {formatPrice(product.originalPrice)}
            </span>
            <span className={cn('font-semibold text-green-700', sizes[size].off)}>{percent}&nbsp;% off</span>
          </>
        ) : null}
      </p>
      {note ? (
        <p className={cn('text-sm font-medium', product.stock <= 0 ? 'text-red-700' : 'text-amber-800')}>{note}</p>
      ) : null}
    </div>
  );
}
