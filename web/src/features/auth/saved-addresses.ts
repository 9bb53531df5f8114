import type { SaveAddressRequest, SavedAddress, UpdateAddressRequest } from '@netkart/contract';
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

/** Keeps a new address in the book (at most MAX_SAVED_ADDRESSES); `isDefault` makes the checkout start with it. */
export const addSavedAddress = (address: SaveAddressRequest) =>
  apiRequest<SavedAddress>('/account/addresses', { method: 'POST', body: address });

/** Changes a saved address's fields (each checked as the checkout checks them). */
export const updateSavedAddress = (id: string, change: UpdateAddressRequest) =>
  apiRequest<SavedAddress>(`/account/addresses/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
