import type { StoreInfo } from '@netkart/contract';
import { Link } from 'react-router';
import { ArrowRight } from '@/components/icons';
import { PictureCopies } from '@/components/PictureCopies';
import { Skeleton } from '@/components/ui';
import { skeletonKeys } from './ProductCard';

/** The categories' pictures are drawn 1200 × 800, and shown two to a row on a phone, three on a wide screen. */
const CATEGORY_PICTURE_WIDTH = 1200;
const CATEGORY_PICTURE_SIZES = '(min-width: 1024px) 400px, 50vw';
/** Placeholders while the store's details come. */
const PLACEHOLDERS = 3;

export const categoryLink = (category: string) => `/products?category=${encodeURIComponent(category.toLowerCase())}`;

/** A card for every one of the store's categories, each with its picture: every category one tap away. */
export function CategoryCards({
  storeInfo,
  categories,
  loading = false,
}: {
  storeInfo: StoreInfo | null;
  categories: string[];
  loading?: boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
      {categories.map((category, index) => {
        const image = storeInfo?.categoryImages?.[category] ?? storeInfo?.categoryImages?.default;
        return (
          <li key={category}>
            <Link
              to={categoryLink(category)}
              className="group relative block overflow-hidden rounded-2xl bg-slate-100 shadow-sm"
            >
              {image ? (
                <PictureCopies
                  src={image}
                  width={CATEGORY_PICTURE_WIDTH}
                  sizes={CATEGORY_PICTURE_SIZES}
                  priority={index === 0}
                >
                  <img
                    src={image}
                    alt=""
                    width={CATEGORY_PICTURE_WIDTH}
                    height={800}
                    // On a phone the first category's picture is the largest thing the page opens with.
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : undefined}
                    className="aspect-[3/2] w-full object-cover transition-transform group-hover:scale-105"
                  />
                </PictureCopies>
              ) : (
                <div className="aspect-[3/2] w-full bg-gradient-to-br from-slate-200 to-slate-100" />
              )}
              <span className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-gradient-to-t from-slate-900/80 to-transparent p-2.5 text-sm font-semibold text-white sm:p-4 sm:text-lg">
                {category}
                <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0 sm:h-5 sm:w-5" />
              </span>
            </Link>
          </li>
        );
      })}
      {loading
        ? skeletonKeys(PLACEHOLDERS).map((key) => (
            <li key={key}>
              <Skeleton className="aspect-[3/2] w-full rounded-2xl" />
            </li>
          ))
        : null}
    </ul>
  );
}
