import type { ProductSort } from '@netkart/contract';
import { useId } from 'react';
import { Label, Select } from '@/components/ui';
import { type MessageKey, useT } from '@/lib/i18n';

const SORT_LABELS: Record<ProductSort, MessageKey> = {
  relevance: 'sort.relevance',
  price_asc: 'sort.priceAsc',
  price_desc: 'sort.priceDesc',
  newest: 'sort.newest',
  discount: 'sort.discount',
  origin: 'sort.origin',
};

interface SortSelectProps {
  /** Searching: relevance is the first choice and the default. */
  searching: boolean;
  value: ProductSort | undefined;
  /** Undefined: the listing's own order (relevance for a search). */
  onChange(sort: ProductSort | undefined): void;
}

/** How the listing is ordered; without search words the store's own order comes first. */
export function SortSelect({ searching, value, onChange }: SortSelectProps) {
  const id = useId();
  const t = useT();
  const defaultSort = searching ? 'relevance' : '';
  const choices = (Object.keys(SORT_LABELS) as ProductSort[]).filter((sort) => sort !== 'relevance');
  return (
    <div className="min-w-0 flex-1 space-y-1 md:flex-none">
      <Label htmlFor={id}>{t('sort.label')}</Label>
      <Select
        id={id}
        value={value ?? defaultSort}
        onChange={(event) => {
          const sort = event.target.value as ProductSort | '';
          onChange(sort === '' || sort === defaultSort ? undefined : sort);
        }}
        className="md:min-w-52"
      >
        {searching ? (
          <option value="relevance">{t(SORT_LABELS.relevance)}</option>
        ) : (
          <option value="">{t('sort.recommended')}</option>
        )}
        {choices.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </Select>
    </div>
  );
}
