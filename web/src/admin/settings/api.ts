import type {
  AddStaffRequest,
  AdminPaymentSettings,
  AdminStaffMember,
  AdminStoreDetails,
  PolicyPreview,
  SavedStoreDetails,
  SavePaymentSettingsRequest,
  SaveStoreDetailsRequest,
} from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

const storeKey = ['admin', 'settings', 'store'] as const;
const paymentsKey = ['admin', 'settings', 'payments'] as const;
const staffKey = ['admin', 'staff'] as const;

// Settings forms keep what is typed: no reading again behind them.
const formQuery = { refetchOnWindowFocus: false } as const;

export function useStoreDetails() {
  return useQuery({
    queryKey: storeKey,
    queryFn: ({ signal }) => adminRequest<AdminStoreDetails>('/settings/store', { signal }),
    ...formQuery,
  });
}

export function useSaveStoreDetails() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveStoreDetailsRequest) =>
      adminRequest<SavedStoreDetails>('/settings/store', { method: 'PUT', body, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(storeKey, saved.details),
  });
}

export function usePolicyPreview() {
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: (html: string) =>
      adminRequest<PolicyPreview>('/settings/policy-preview', { method: 'POST', body: { html }, csrfToken }),
  });
}

export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentsKey,
    queryFn: ({ signal }) => adminRequest<AdminPaymentSettings>('/settings/payments', { signal }),
    ...formQuery,
  });
}

export function useSavePaymentSettings() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePaymentSettingsRequest) =>
      adminRequest<AdminPaymentSettings>('/settings/payments', { method: 'PUT', body, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(paymentsKey, saved),
  });
}

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => adminRequest<AdminStaffMember[]>('/staff', { signal }),
  });
}

export function useAddStaff() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffRequest) =>
      adminRequest<AdminStaffMember>('/staff', { method: 'POST', body, csrfToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useRemoveStaff() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      adminRequest<void>(`/staff/${encodeURIComponent(email)}`, { method: 'DELETE', csrfToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
