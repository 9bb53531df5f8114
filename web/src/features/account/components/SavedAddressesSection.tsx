import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MapPin } from '@/components/icons';
import { Badge, Button, Skeleton } from '@/components/ui';
import {
  addressLine,
  makeDefaultAddress,
  removeSavedAddress,
  savedAddressesQuery,
} from '@/features/auth/saved-addresses';
import type { ApiResult } from '@/lib/api-client';
import { useNumbers, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { AddressEditor } from './AddressEditor';

/**
 * The shopper's address book (also saved at checkout): add, change or remove an address, or make one
 * the default the checkout starts with.
 */
export function SavedAddressesSection() {
  const t = useT();
  const numbers = useNumbers();
  const queryClient = useQueryClient();
  const addresses = useQuery(savedAddressesQuery);
  const [busy, setBusy] = useState(false);
  // 'new', an address's id, or nothing: the one address being written.
  const [editing, setEditing] = useState<string | undefined>();

  const act = async (work: () => Promise<ApiResult<unknown>>, done: string) => {
    setBusy(true);
    const result = await work();
    setBusy(false);
    // Already removed elsewhere (404): the list is refreshed all the same.
    if (!result.ok && result.status !== 404) {
      toast.error(t('common.error'), { description: result.error ?? t('account.failed') });
      return;
    }
    toast.success(done);
    await queryClient.invalidateQueries({ queryKey: savedAddressesQuery.queryKey });
  };

  const edited = async (message: string) => {
    setEditing(undefined);
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: savedAddressesQuery.queryKey });
  };
  const full = (addresses.data?.length ?? 0) >= MAX_SAVED_ADDRESSES;

  const remove = (address: SavedAddress) => act(() => removeSavedAddress(address.id), t('book.removed'));
  const makeDefault = (address: SavedAddress) => act(() => makeDefaultAddress(address.id), t('book.defaultChanged'));

  return (
    <section aria-labelledby="addresses-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="addresses-heading" className="text-lg font-semibold text-slate-900">
        {t('book.heading')}
      </h2>
      {addresses.isPending ? (
        <Skeleton className="mt-4 h-16 w-full rounded-xl" />
      ) : addresses.isError ? (
        <p className="mt-4 text-sm text-red-700">{t('book.loadFailed')}</p>
      ) : addresses.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('book.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {addresses.data.map((address) => (
            <li key={address.id} className="flex flex-wrap items-center gap-3 py-3">
              <MapPin aria-hidden="true" className="h-5 w-5 text-slate-500" />
              <div className="flex-1">
                <p className="text-slate-900">
                  {addressLine(address)} {address.isDefault ? <Badge tone="green">{t('book.default')}</Badge> : null}
                </p>
                <p className="text-sm text-slate-600">{address.phone}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={t('book.changeNamed', { address: addressLine(address) })}
                onClick={() => setEditing(address.id)}
              >
                {t('book.change')}
              </Button>
              {address.isDefault ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={t('book.makeDefaultNamed', { address: addressLine(address) })}
                  onClick={() => makeDefault(address)}
                >
                  {t('book.makeDefault')}
                </Button>
              )}
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={t('book.removeNamed', { address: addressLine(address) })}
                onClick={() => remove(address)}
              >
                {t('book.remove')}
              </Button>
              {editing === address.id ? (
                <div className="w-full">
                  <AddressEditor editing={address} onDone={edited} onCancel={() => setEditing(undefined)} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <AddressEditor editing={undefined} onDone={edited} onCancel={() => setEditing(undefined)} />
      ) : addresses.isSuccess ? (
        full ? (
          <p className="mt-4 text-sm text-slate-600">{t('book.full', { max: numbers.number(MAX_SAVED_ADDRESSES) })}</p>
        ) : (
          <Button variant="outline" className="mt-4" onClick={() => setEditing('new')}>
            {t('book.add')}
          </Button>
        )
      ) : null}
    </section>
  );
}
