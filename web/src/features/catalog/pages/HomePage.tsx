import type { StoreInfo } from '@netkart/contract';
import { Link } from 'react-router';
import { ArrowRight } from '@/components/icons';
import { PictureCopies } from '@/components/PictureCopies';
import { buttonClasses, Skeleton } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { storeStructuredData } from '@/features/store-info/structured-data';
import { cn } from '@/lib/cn';
import { useSiteOrigin } from '@/lib/site-origin';
import { useFeaturedProducts } from '../api';
import { Highlights, highlightIcon } from '../components/Highlights';
import { NewsletterSignup } from '../components/NewsletterSignup';
import { ProductCard, ProductCardSkeleton, skeletonKeys } from '../components/ProductCard';
import { FEATURED_COUNT } from '../listing';

const MAX_CATEGORY_CARDS = 3;
/** The categories' pictures are drawn 1200 × 800, and shown one, two or three to a row. */
const CATEGORY_PICTURE_WIDTH = 1200;
const CATEGORY_PICTURE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
/** The hero's pictures: the icons of the store's first highlights. */
const HERO_ICONS = 4;

const categoryLink = (category: string) => `/products?category=${encodeURIComponent(category.toLowerCase())}`;

export default function HomePage() {
  const { storeInfo, categories, isLoading } = useStoreInfo();
  const origin = useSiteOrigin();
  usePageMeta(undefined, {
    canonicalPath: '/',
    structuredData: storeInfo ? storeStructuredData(storeInfo, origin) : [],
  });
  // Only the store's own categories: a store without any shows no category cards.
  const storeCategories = storeInfo?.categories ?? [];
  const featured = useFeaturedProducts(isLoading ? undefined : categories[0]?.toLowerCase());
  const heroIcons = (storeInfo?.highlights?.items ?? []).filter((item) => item.icon).slice(0, HERO_ICONS);

  return (
    <div className="space-y-16 pb-16">
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-sky-600 text-white">
        <div
          className={cn(
            'mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:py-24 lg:px-8',
            heroIcons.length > 0 && 'md:grid-cols-2',
          )}
        >
          <div className="space-y-6">
            {storeInfo ? <HeroText storeInfo={storeInfo} /> : <HeroPlaceholder pulse={isLoading} />}
            <div className="flex flex-wrap gap-3">
              <Link to="/products" className={buttonClasses('secondary', 'lg')}>
                Browse Collection
              </Link>
              <Link
                to="/products?featured=true"
                className={buttonClasses(
                  'outline',
                  'lg',
                  'border-white/60 bg-transparent text-white hover:bg-white/10',
                )}
              >
                Featured Products
              </Link>
            </div>
          </div>
          {heroIcons.length > 0 ? (
            <div className="hidden items-center justify-center md:flex" aria-hidden="true">
              <div className="grid grid-cols-2 gap-4">
                {heroIcons.map((item, index) => {
                  const Icon = highlightIcon(item.icon);
                  return (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: two highlights may share an icon
                      key={index}
                      className="flex h-32 w-32 items-center justify-center rounded-3xl bg-white/10 ring-1 ring-white/20"
                    >
                      <Icon className="h-14 w-14" />
                    </div>
                  );
                })}
              </div>
            </div>
          ) : null}
        </div>
      </section>

      {isLoading || storeCategories.length > 0 ? (
        <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mb-6 flex items-end justify-between gap-4">
            <h2 id="categories-heading" className="text-2xl font-bold text-slate-900">
              Shop by Category
            </h2>
            <Link
              to="/products"
              className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline"
            >
              Explore Products
            </Link>
          </div>
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {storeCategories.slice(0, MAX_CATEGORY_CARDS).map((category, index) => {
              const image = storeInfo?.categoryImages?.[category] ?? storeInfo?.categoryImages?.default;
              return (
                <Link
                  key={category}
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
                  <span className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-slate-900/80 to-transparent p-4 text-lg font-semibold text-white">
                    {category}
                    <ArrowRight aria-hidden="true" className="h-5 w-5" />
                  </span>
                </Link>
              );
            })}
            {isLoading
              ? skeletonKeys(MAX_CATEGORY_CARDS).map((key) => (
                  <Skeleton key={key} className="aspect-[3/2] w-full rounded-2xl" />
                ))
              : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold text-slate-900">
            Featured Products
          </h2>
          <Link
            to="/products"
            className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline"
          >
            View All
          </Link>
        </div>
        {featured.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {skeletonKeys(FEATURED_COUNT).map((key) => (
              <ProductCardSkeleton key={key} />
            ))}
          </div>
        ) : featured.data && featured.data.length > 0 ? (
          <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {featured.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        ) : (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600">
            No featured products available at the moment.
          </p>
        )}
      </section>

      {storeInfo?.highlights?.items.length ? <Highlights highlights={storeInfo.highlights} /> : null}
      <NewsletterSignup title={storeInfo?.newsletterTitle} />
    </div>
  );
}

/** The store's name over its own heading and description; without a heading, the name is the heading. */
function HeroText({ storeInfo }: { storeInfo: StoreInfo }) {
  const name = storeNameOf(storeInfo);
  return (
    <>
      {storeInfo.heroTitle ? (
        <>
          <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">{name}</p>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{storeInfo.heroTitle}</h1>
        </>
      ) : (
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{name}</h1>
      )}
      {storeInfo.description ? <p className="max-w-prose text-lg text-white/90">{storeInfo.description}</p> : null}
    </>
  );
}

/** Holds the hero's place until the store's details arrive: no words but the store's own. */
function HeroPlaceholder({ pulse }: { pulse: boolean }) {
  const bar = cn('rounded-md bg-white/20', pulse && 'animate-pulse');
  return (
    <div aria-hidden="true" className="space-y-6">
      <div className={cn('h-5 w-32', bar)} />
      <div className={cn('h-12 w-3/4', bar)} />
      <div className={cn('h-14 w-full max-w-prose', bar)} />
    </div>
  );
}
