import { productPath } from '@netkart/contract';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ProductImage';
import { Badge } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { isOnSale, type StoreProduct } from '../product';
import { PriceTag } from './PriceTag';
import { QuickAddButton } from './QuickAddButton';
import { RatingStars } from './RatingStars';

/** Two cards a row on a phone, three or four on wider screens: what `sizes` tells the browser. */
const CARD_PICTURE_SIZES = '(min-width: 1024px) 33vw, 50vw';

/**
 * A product in a list. The whole card opens the product: its one link is the title, stretched over
 * the card, so its name is the product's name; Add to Cart sits above the stretch, a button of its own.
 * `priority`: the card's picture is among the first the page shows (its LCP), so it is fetched first.
 */
export function ProductCard({ product, priority = false }: { product: StoreProduct; priority?: boolean }) {
  const picture = product.images[0];
  const t = useT();

  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="relative bg-slate-50">
        <ProductImage
          productId={product.id}
          src={product.image}
          alt=""
          width={picture?.width}
          height={picture?.height}
          // A phone's half-width card gets a 4:3 picture; wider screens the spec's 300 px.
          className="aspect-[4/3] w-full sm:aspect-auto sm:h-[300px]"
          sizes={CARD_PICTURE_SIZES}
          priority={priority}
        />
        {isOnSale(product) ? (
          <Badge tone="red" className="absolute top-2 left-2 sm:top-3 sm:left-3">
            {t('product.sale')}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:p-4">
        <p className="truncate text-[11px] font-medium tracking-wide text-slate-500 uppercase sm:text-xs">
          {product.parentCategory ?? product.category}
        </p>
        <h3 className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base">
          <Link
            to={productPath(product)}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
          >
            {product.name}
          </Link>
        </h3>
        {product.rating ? (
          <RatingStars average={product.rating.average} count={product.rating.count} className="text-xs" />
        ) : null}
        <PriceTag product={product} size="sm" className="mt-auto pt-1" />
        {/*
          Above the stretched link, so a tap on it adds to the cart instead of opening the product. On a
          phone it is under the price; wider, the spec's overlay at the foot of the picture, shown on hover or focus.
        */}
        <QuickAddButton
          product={product}
          className="relative z-10 mt-2 w-full max-sm:px-2 md:absolute md:inset-x-3 md:top-[244px] md:mt-0 md:w-auto md:opacity-0 md:transition-opacity md:group-focus-within:opacity-100 md:group-hover:opacity-100"
        />
      </div>
    </article>
  );
}

/** Stable keys for a row of placeholders. */
export const skeletonKeys = (count: number) => Array.from({ length: count }, (_, index) => `skeleton-${index + 1}`);

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
      <div className="aspect-[4/3] animate-pulse bg-slate-100 sm:aspect-auto sm:h-[300px]" />
      <div className="space-y-2 p-2.5 sm:p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="h-5 w-1/4 animate-pulse rounded bg-slate-100" />
        <div className="h-11 w-full animate-pulse rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}
