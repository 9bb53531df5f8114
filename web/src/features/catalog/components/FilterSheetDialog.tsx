import type { ProductFacets } from '@netkart/contract';
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { X } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';
import type { ListingParams } from '../listing';
import { FilterPanel, type SearchChange } from './FilterPanel';

export interface FilterSheetDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  params: ListingParams;
  facets: ProductFacets;
  /** How many products the chosen filters leave. */
  total: number;
  onChange(change: SearchChange): void;
  /** The button that opened the sheet: it has the focus back when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The filters' sheet from the bottom, focus kept inside. Its own chunk, with the dialog's code: a
 * listing opened from outside the shop does not load it until the shopper first opens the filters.
 */
export default function FilterSheetDialog({
  open,
  onOpenChange,
  params,
  facets,
  total,
  onChange,
  opener,
}: FilterSheetDialogProps) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <Dialog.Title className="text-lg font-bold text-slate-900">{t('listing.filters')}</Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('filters.close')}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('filters.sheetDescription')}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-2">
            <FilterPanel params={params} facets={facets} onChange={onChange} heading={false} />
          </div>
          <div className="border-t border-slate-200 p-4">
            <Button className="w-full" onClick={() => onOpenChange(false)}>
              {t('filters.showProducts', { total })}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
