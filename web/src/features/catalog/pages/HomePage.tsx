import type { StoreInfo } from '@netkart/contract';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { storeStructuredData } from '@/features/store-info/structured-data';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { useSiteOrigin } from '@/lib/site-origin';
import { useFeaturedProducts } from '../api';
import { CategoryCards } from '../components/CategoryCards';
import { Highlights, highlightIcon } from '../components/Highlights';
import { NewsletterSignup } from '../components/NewsletterSignup';
import { ProductCard, ProductCardSkeleton, skeletonKeys } from '../components/ProductCard';
import { FEATURED_COUNT } from '../listing';

/** The hero's pictures: the icons of the store's first highlights. */
const HERO_ICONS = 4;

export default function HomePage() {
  const { storeInfo, categories, isLoading } = useStoreInfo();
  const origin = useSiteOrigin();
  const t = useT();
  usePageMeta(undefined, {
    canonicalPath: '/',
    structuredData: storeInfo ? storeStructuredData(storeInfo, origin) : [],
  });
  // Only the store's own categories, every one of them: a store without any shows no category cards.
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
                {t('home.browse')}
              </Link>
              <Link
                to="/products?featured=true"
                className={buttonClasses(
                  'outline',
                  'lg',
                  'border-white/60 bg-transparent text-white hover:bg-white/10',
                )}
              >
                {t('listing.featuredHeading')}
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
              {t('home.shopByCategory')}
            </h2>
            <Link
              to="/products"
              className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline"
            >
              {t('home.explore')}
            </Link>
          </div>
          <CategoryCards storeInfo={storeInfo} categories={storeCategories} loading={isLoading} />
        </section>
      ) : null}

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold text-slate-900">
            {t('listing.featuredHeading')}
          </h2>
          <Link
            to="/products"
            className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('home.viewAll')}
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
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600">{t('home.noFeatured')}</p>
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
