import type { AdminEmail, AdminEmailFilter, AdminEmailsResponse } from '@netkart/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

const emailsKey = ['admin', 'emails'] as const;

export function useEmails(status: AdminEmailFilter, page: number) {
  return useQuery({
    queryKey: [...emailsKey, status, page],
    queryFn: ({ signal }) => adminRequest<AdminEmailsResponse>('/emails', { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sends one email again now; the list reads again after. */
export function useSendAgain() {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<{ email: AdminEmail }>(`/emails/${encodeURIComponent(id)}/retry`, { method: 'POST', csrfToken }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailsKey }),
  });
}

/** Sends every waiting and failed email again now (the mail server works again). */
export function useSendAllAgain() {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: () => adminRequest<{ count: number }>('/emails/retry', { method: 'POST', csrfToken }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailsKey }),
  });
}
