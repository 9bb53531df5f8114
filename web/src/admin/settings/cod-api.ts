import type { AdminCodRules, CodRules } from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

const codKey = ['admin', 'settings', 'cod'] as const;

/** The store's cash-on-delivery rules (GET /admin/settings/cod); read once, the form keeps what is typed. */
export function useCodRules() {
  return useQuery({
    queryKey: codKey,
    queryFn: ({ signal }) => adminRequest<AdminCodRules>('/settings/cod', { signal }),
    refetchOnWindowFocus: false,
  });
}

export function useSaveCodRules() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodRules) => adminRequest<AdminCodRules>('/settings/cod', { method: 'PUT', body, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(codKey, saved),
  });
}
