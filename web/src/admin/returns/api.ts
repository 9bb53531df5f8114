import type {
  AdminReturnListResponse,
  BookReturnPickupRequest,
  Return,
  ReturnRules,
  ReturnStatus,
} from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

export const returnsKey = ['admin', 'returns'] as const;
const rulesKey = ['admin', 'settings', 'returns'] as const;

/** The store's returns, newest first, in one status or all. */
export function useReturnList(status: ReturnStatus | undefined) {
  return useQuery({
    queryKey: [...returnsKey, 'list', status ?? 'all'],
    queryFn: ({ signal }) => adminRequest<AdminReturnListResponse>('/returns', { query: { status }, signal }),
  });
}

/** An order's returns, for its page. */
export function useOrderReturns(orderId: string) {
  return useQuery({
    queryKey: [...returnsKey, 'order', orderId],
    queryFn: ({ signal }) =>
      adminRequest<{ data: Return[] }>(`/orders/${encodeURIComponent(orderId)}/returns`, { signal }),
  });
}

export type ReturnMove =
  | { move: 'approve' }
  | { move: 'refuse'; reason: string }
  | { move: 'pickup'; pickup: BookReturnPickupRequest }
  | { move: 'receive' };

/** One move of a return (approve, refuse, book the pickup, receive); every list showing it is read again. */
export function useMoveReturn(id: string) {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: ReturnMove) => {
      const body = move.move === 'refuse' ? { reason: move.reason } : move.move === 'pickup' ? move.pickup : {};
      return adminRequest<Return>(`/returns/${encodeURIComponent(id)}/${move.move}`, {
        method: 'POST',
        body,
        csrfToken,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}

export function useReturnRules() {
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => adminRequest<ReturnRules>('/settings/returns', { signal }),
    refetchOnWindowFocus: false,
  });
}

export function useSaveReturnRules() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRules) =>
      adminRequest<ReturnRules>('/settings/returns', { method: 'PUT', body, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(rulesKey, saved),
  });
}
