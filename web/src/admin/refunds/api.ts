import type { AdminRefundListResponse, RecordRefundRequest } from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

/** A gateway's answer changes a refund without anyone here: read again each minute while the page is open. */
const LIST_REFRESH_MS = 60_000;

export const refundsKey = ['admin', 'refunds'] as const;

export function useRefunds() {
  return useQuery({
    queryKey: refundsKey,
    queryFn: ({ signal }) => adminRequest<AdminRefundListResponse>('/refunds', { signal }),
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** Records an order's refund made by hand, by its reference; the list, the order and the home page read again. */
export function useRecordRefund() {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: RecordRefundRequest }) =>
      adminRequest<AdminRefundListResponse>(`/orders/${encodeURIComponent(orderId)}/refunded`, {
        method: 'POST',
        body,
        csrfToken,
      }),
    onSuccess: (_answer, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: refundsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
    },
  });
}
