import { Grid2x2, Grid3x3 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Label, Select } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';
import { cn } from '@/lib/cn';
import { useParentCategories, useProductPage } from '../api';
import { Pagination } from '../components/Pagination';
import { ProductCard, ProductCardSkeleton, skeletonKeys } from '../components/ProductCard';
import { canonicalListingPath, listingHeading, listingParamsOf, PAGE_SIZE, showingText } from '../listing';

export default function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [columns, setColumns] = useState<2 | 3>(3);
  const { categories } = useStoreInfo();
  const params = listingParamsOf(searchParams);
  const listing = useProductPage(params);
  const types = useParentCategories(params.category);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next);
  };
  const goToPage = (page: number) => {
    update({ page: String(page) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const total = listing.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const products = listing.data?.products ?? [];
  const showControls = listing.isPending || products.length > 0;
  const heading = listingHeading(params, categories);
  usePageMeta(heading, { canonicalPath: canonicalListingPath(params) });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {showControls ? (
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
          <div className="flex flex-wrap items-end gap-3">
            <div className="space-y-1">
              <Label htmlFor="type-filter">Type</Label>
              <Select
                id="type-filter"
                value={params.parentCategory ?? ''}
                onChange={(event) => update({ parentCategory: event.target.value || undefined, page: undefined })}
                className="min-w-48"
              >
                <option value="">All Types</option>
                {(types.data ?? []).map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Select>
            </div>
            {params.parentCategory ? (
              <Button variant="ghost" onClick={() => update({ parentCategory: undefined, page: undefined })}>
                Clear
              </Button>
            ) : null}
            <fieldset className="hidden gap-1 md:flex">
              <legend className="sr-only">Grid layout</legend>
              <Button
                variant={columns === 3 ? 'primary' : 'outline'}
                size="icon"
                aria-label="Show 3 per row"
                aria-pressed={columns === 3}
                onClick={() => setColumns(3)}
              >
                <Grid3x3 aria-hidden="true" className="h-4 w-4" />
              </Button>
              <Button
                variant={columns === 2 ? 'primary' : 'outline'}
                size="icon"
                aria-label="Show 2 per row"
                aria-pressed={columns === 2}
                onClick={() => setColumns(2)}
              >
                <Grid2x2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </fieldset>
          </div>
        </div>
      ) : null}

      {listing.isError ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm">
          <p className="text-slate-700">Failed to load products. Please try again.</p>
          <Button className="mt-4" onClick={() => window.location.reload()}>
            Try Again
          </Button>
        </div>
      ) : listing.isPending ? (
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {skeletonKeys(6).map((key) => (
            <ProductCardSkeleton key={key} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm">
          <p className="text-slate-700">No products found with the selected filters.</p>
          {params.parentCategory ? (
            <Button className="mt-4" onClick={() => update({ parentCategory: undefined, page: undefined })}>
              Clear Filters
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          {/* The cards' titles are level-3 headings: the list has its level-2 heading, for screen readers. */}
          <h2 className="sr-only">Products</h2>
          <div
            className={cn('grid grid-cols-1 gap-6 sm:grid-cols-2', columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-2')}
          >
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
          {totalPages > 1 ? (
            <div className="flex flex-col items-center gap-3">
              <p className="text-sm text-slate-600">{showingText(params.page, total)}</p>
              <Pagination page={params.page} totalPages={totalPages} onChange={goToPage} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
