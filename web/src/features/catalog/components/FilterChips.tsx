import { X } from '@/components/icons';
import { Button } from '@/components/ui';
import { useT } from '@/lib/i18n';
import type { ListingParams } from '../listing';
import { filterChipsOf, withoutFilters } from '../listing-links';
import type { SearchChange } from './FilterPanel';

/** The filters narrowing the listing, each a chip that takes it away, with how many products they leave and Clear all. */
export function FilterChips({
  params,
  total,
  onChange,
}: {
  params: ListingParams;
  total: number;
  onChange(change: SearchChange): void;
}) {
  const t = useT();
  const chips = filterChipsOf(params, t);
  if (chips.length === 0) return null;
  return (
    <section aria-label={t('filters.active')} className="flex flex-wrap items-center gap-2">
      <p className="mr-1 text-sm font-medium text-slate-700" aria-live="polite">
        {t('filters.results', { total })}
      </p>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.without)}
              aria-label={t('filters.remove', { label: chip.label })}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {chip.label}
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={() => onChange(withoutFilters)}>
        {t('filters.clearAll')}
      </Button>
    </section>
  );
}
