import type { AdminCourierSettings, AdminCourierSettingsRequest } from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

const courierKey = ['admin', 'settings', 'couriers'] as const;

/** The store's courier service and its settings (GET /admin/settings/couriers); secrets only said to be set. */
export function useCourierSettings() {
  return useQuery({
    queryKey: courierKey,
    queryFn: ({ signal }) => adminRequest<AdminCourierSettings>('/settings/couriers', { signal }),
    refetchOnWindowFocus: false,
  });
}

export function useSaveCourierSettings() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCourierSettingsRequest) =>
      adminRequest<AdminCourierSettings>('/settings/couriers', { method: 'PUT', body, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(courierKey, saved),
  });
}

/** No courier service: orders are shipped by hand. */
export function useRemoveCourierSettings() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<AdminCourierSettings>('/settings/couriers', { method: 'DELETE', csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(courierKey, saved),
  });
}
