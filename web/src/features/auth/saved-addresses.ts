import type { SavedAddress } from '@netkart/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The signed-in shopper's saved addresses, the default first (the checkout and the account page share them). */
export const savedAddressesQuery = queryOptions({
  queryKey: ['account', 'addresses'],
  queryFn: async () => {
    const result = await apiRequest<SavedAddress[]>('/account/addresses');
    if (!result.ok) throw new ApiError(result.status, result.error ?? 'Could not load your saved addresses.');
    return result.data;
  },
  retry: false,
});

export const removeSavedAddress = (id: string) =>
  apiRequest<undefined>(`/account/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const makeDefaultAddress = (id: string) =>
  apiRequest<SavedAddress>(`/account/addresses/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { isDefault: true },
  });

/** One line for a saved address: who, where, and the PIN. */
export const addressLine = (address: SavedAddress): string =>
  `${address.fullName}, ${address.address}, ${address.city}, ${address.state} ${address.postalCode}`;
