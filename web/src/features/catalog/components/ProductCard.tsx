import { productPath } from '@netkart/contract';
import { Link } from 'react-router';
import { Eye } from '@/components/icons';
import { ProductImage } from '@/components/ProductImage';
import { Badge, buttonClasses } from '@/components/ui';
import { isOnSale, type StoreProduct } from '../product';
import { PriceTag } from './PriceTag';
import { QuickAddButton } from './QuickAddButton';

/** `priority`: the card's picture is among the first the page shows (its LCP), so it is fetched first. */
export function ProductCard({ product, priority = false }: { product: StoreProduct; priority?: boolean }) {
  const picture = product.images[0];

  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative h-[300px] bg-slate-50">
        <Link to={productPath(product)} className="block h-full" tabIndex={-1} aria-hidden="true">
          <ProductImage
            productId={product.id}
            src={product.image}
            alt=""
            width={picture?.width}
            height={picture?.height}
            className="h-[300px] w-full"
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            priority={priority}
          />
        </Link>
        {isOnSale(product) ? (
          <Badge tone="red" className="absolute top-3 left-3">
            Sale
          </Badge>
        ) : null}
        {/* Hover (or keyboard focus) reveals the quick actions. */}
        <div className="absolute inset-x-0 bottom-0 flex gap-2 p-3 opacity-100 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
          <QuickAddButton product={product} className="flex-1" />
          <Link
            to={productPath(product)}
            className={buttonClasses('outline', 'icon', 'h-11 w-11 bg-white')}
            aria-label={`View ${product.name}`}
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {product.parentCategory ?? product.category}
        </p>
        <h3 className="text-base font-semibold text-slate-900">
          <Link to={productPath(product)} className="hover:text-brand-700">
            {product.name}
          </Link>
        </h3>
        <PriceTag product={product} className="mt-auto pt-2" />
      </div>
    </article>
  );
}

/** Stable keys for a row of placeholders. */
export const skeletonKeys = (count: number) => Array.from({ length: count }, (_, index) => `skeleton-${index + 1}`);

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
      <div className="h-[300px] animate-pulse bg-slate-100" />
      <div className="space-y-2 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="h-5 w-1/4 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}
