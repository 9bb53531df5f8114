import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Grid2x2, Grid3x3 } from '@/components/icons';
import { Button } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { useProductPage } from '../api';
import { FilterChips } from '../components/FilterChips';
import { FilterPanel, type SearchChange } from '../components/FilterPanel';
import { FilterSheet } from '../components/FilterSheet';
import { NoSearchResults } from '../components/NoSearchResults';
import { Pagination } from '../components/Pagination';
import { ProductCard, ProductCardSkeleton, skeletonKeys } from '../components/ProductCard';
import { SortSelect } from '../components/SortSelect';
import { listingHeading, PAGE_SIZE, showingText } from '../listing';
import { listingParamsOf } from '../listing-address';
import { canonicalListingPath, hasFilters, productsPath, withoutFilters, withParams } from '../listing-links';
import { searchedForText } from '../searched-for';

export default function ProductsPage() {
  const [addressParams, setSearchParams] = useSearchParams();
  // A choice shows at once, while the address catches up; a second tap builds on the first, not on the old address.
  const [chosen, setChosen] = useState<URLSearchParams | null>(null);
  // Once the address has moved (to the choice, or back in history), it alone is what is shown.
  const address = addressParams.toString();
  const [shownAddress, setShownAddress] = useState(address);
  if (shownAddress !== address) {
    setShownAddress(address);
    setChosen(null);
  }
  const searchParams = chosen ?? addressParams;
  const [columns, setColumns] = useState<2 | 3>(3);
  const t = useT();
  const { categories } = useStoreInfo();
  const params = listingParamsOf(searchParams);
  const listing = useProductPage(params);

  const choose = (next: URLSearchParams) => {
    setChosen(next);
    setSearchParams(next);
  };
  const change = (next: SearchChange) => choose(next(searchParams));
  const goToPage = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(page));
    choose(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const total = listing.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const products = listing.data?.products ?? [];
  const facets = listing.data?.facets;
  const searchedFor = params.q ? searchedForText(listing.data?.search, t) : null;
  const showControls = listing.isPending || products.length > 0;
  const heading = listingHeading(params, categories, t);
  const clearSearch = withParams(searchParams, {
    q: undefined,
    sort: params.sort === 'relevance' ? undefined : params.sort,
  });
  usePageMeta(heading, { canonicalPath: canonicalListingPath(params) });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {showControls ? (
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold break-words text-slate-900">{heading}</h1>
            {searchedFor ? <p className="text-sm text-slate-600">{searchedFor}</p> : null}
          </div>
          <div className="flex items-end gap-3">
            {facets ? <FilterSheet params={params} facets={facets} total={total} onChange={change} /> : null}
            <SortSelect
              searching={!!params.q}
              value={params.sort}
              onChange={(sort) => change((search) => withParams(search, { sort }))}
            />
            <fieldset className="hidden gap-1 md:flex">
              <legend className="sr-only">{t('listing.gridLayout')}</legend>
              <Button
                variant={columns === 3 ? 'primary' : 'outline'}
                size="icon"
                aria-label={t('listing.threePerRow')}
                aria-pressed={columns === 3}
                onClick={() => setColumns(3)}
              >
                <Grid3x3 aria-hidden="true" className="h-4 w-4" />
              </Button>
              <Button
                variant={columns === 2 ? 'primary' : 'outline'}
                size="icon"
                aria-label={t('listing.twoPerRow')}
                aria-pressed={columns === 2}
                onClick={() => setColumns(2)}
              >
                <Grid2x2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </fieldset>
          </div>
        </div>
      ) : null}

      {listing.data ? <FilterChips params={params} total={total} onChange={change} /> : null}

      <div className={cn(showControls && 'md:grid md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8')}>
        {showControls ? (
          <aside aria-label={t('listing.filters')} className="hidden md:block">
            {facets ? <FilterPanel params={params} facets={facets} onChange={change} /> : null}
          </aside>
        ) : null}

        {/* While the next choice's products come, the last ones stay, dimmed. */}
        <div
          className={cn('min-w-0 space-y-6 transition-opacity', listing.isPlaceholderData && 'opacity-60')}
          aria-busy={listing.isPlaceholderData}
        >
          {listing.isError ? (
            <div className="rounded-2xl bg-white p-10 text-center shadow-sm">
              <p className="text-slate-700">{t('listing.failed')}</p>
              <Button className="mt-4" onClick={() => window.location.reload()}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : listing.isPending ? (
            <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
              {skeletonKeys(6).map((key) => (
                <ProductCardSkeleton key={key} />
              ))}
            </div>
          ) : products.length === 0 ? (
            params.q ? (
              <>
                <NoSearchResults q={params.q} categories={categories} clearSearchTo={productsPath(clearSearch)} />
                {hasFilters(params) ? (
                  <div className="text-center">
                    <Button variant="outline" onClick={() => change(withoutFilters)}>
                      {t('listing.clearFilters')}
                    </Button>
                  </div>
                ) : null}
              </>
            ) : (
              <div className="rounded-2xl bg-white p-10 text-center shadow-sm">
                <p className="text-slate-700">{t('listing.noneWithFilters')}</p>
                {hasFilters(params) ? (
                  <Button className="mt-4" onClick={() => change(withoutFilters)}>
                    {t('listing.clearFilters')}
                  </Button>
                ) : null}
              </div>
            )
          ) : (
            <>
              {/* The cards' titles are level-3 headings: the list has its level-2 heading, for screen readers. */}
              <h2 className="sr-only">{t('footer.products')}</h2>
              <div
                className={cn('grid grid-cols-2 gap-3 sm:gap-6', columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-2')}
              >
                {products.map((product, index) => (
                  <ProductCard key={product.id} product={product} priority={index === 0} />
                ))}
              </div>
              {totalPages > 1 ? (
                <div className="flex flex-col items-center gap-3">
                  <p className="text-sm text-slate-600">{showingText(params.page, total, PAGE_SIZE, t)}</p>
                  <Pagination page={params.page} totalPages={totalPages} onChange={goToPage} />
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
