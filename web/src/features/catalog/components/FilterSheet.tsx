import type { ProductFacets } from '@netkart/contract';
import { lazy, Suspense } from 'react';
import { SlidersHorizontal } from '@/components/icons';
import { buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import type { ListingParams } from '../listing';
import type { SearchChange } from './FilterPanel';

const FilterSheetDialog = lazy(() => import('./FilterSheetDialog'));

interface FilterSheetProps {
  params: ListingParams;
  facets: ProductFacets;
  /** How many products the chosen filters leave. */
  total: number;
  onChange(change: SearchChange): void;
}

/**
 * The filters on a phone: a button that opens them in a sheet from the bottom. The sheet's code
 * (Radix's dialog, ~13 KB compressed) is fetched when the shopper first opens it, not with the page.
 */
export function FilterSheet({ params, facets, total, onChange }: FilterSheetProps) {
  const sheet = useLazyDialog();
  const t = useT();
  return (
    <>
      <button {...sheet.openerProps} className={buttonClasses('outline', 'md', 'md:hidden')}>
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        {t('listing.filters')}
      </button>
      {sheet.wanted ? (
        <Suspense fallback={null}>
          <FilterSheetDialog
            open={sheet.open}
            onOpenChange={sheet.setOpen}
            params={params}
            facets={facets}
            total={total}
            onChange={onChange}
            opener={sheet.opener}
          />
        </Suspense>
      ) : null}
    </>
  );
}
