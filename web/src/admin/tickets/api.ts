import {
  ADMIN_TICKETS_PAGE_SIZE,
  type AdminTicket,
  type AdminTicketListResponse,
  type TicketStatus,
} from '@netkart/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

/** New messages show up without a reload. */
const LIST_REFRESH_MS = 30_000;

export const ticketsKey = ['admin', 'tickets'] as const;
const ticketKey = (number: string) => ['admin', 'ticket', number] as const;
const ticketPath = (number: string) => `/tickets/${encodeURIComponent(number)}`;

export function useTicketList(status: TicketStatus, page: number) {
  return useQuery({
    queryKey: [...ticketsKey, status, page],
    queryFn: ({ signal }) =>
      adminRequest<AdminTicketListResponse>('/tickets', {
        query: { status, page, limit: ADMIN_TICKETS_PAGE_SIZE },
        signal,
      }),
    refetchInterval: LIST_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useTicket(number: string) {
  return useQuery({
    queryKey: ticketKey(number),
    queryFn: ({ signal }) => adminRequest<AdminTicket>(ticketPath(number), { signal }),
  });
}

/** Marks the ticket handled; the server answers it as it is now. */
export function useCloseTicket(number: string) {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: () => adminRequest<AdminTicket>(`${ticketPath(number)}/close`, { method: 'POST', body: {}, csrfToken }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKey(number), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketsKey });
    },
  });
}
