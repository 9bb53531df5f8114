import type {
  AdminOrder,
  AdminOrderListResponse,
  CancelOrderRequest,
  CodCashRequest,
  CourierBookingRequest,
  MarkPaidRequest,
  OrderActionRequest,
  ShipOrderRequest,
} from '@netkart/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';
import { type ListState, toListQuery } from './list-state';

/** New orders show up without a reload. */
const LIST_REFRESH_MS = 10_000;

export const ordersKey = ['admin', 'orders'] as const;
export const orderKey = (id: string) => ['admin', 'order', id] as const;

export function useOrderList(state: ListState) {
  return useQuery({
    queryKey: [...ordersKey, state],
    queryFn: ({ signal }) => adminRequest<AdminOrderListResponse>('/orders', { query: toListQuery(state), signal }),
    refetchInterval: LIST_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => adminRequest<AdminOrder>(`/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Each action on an order: its path under /admin/orders/:id and what it sends. */
export type OrderAction =
  | { kind: 'paid'; body: MarkPaidRequest }
  | { kind: 'ship'; body: ShipOrderRequest }
  | { kind: 'tracking'; body: ShipOrderRequest }
  | { kind: 'courier'; body: CourierBookingRequest }
  | { kind: 'deliver'; body: OrderActionRequest }
  | { kind: 'cancel'; body: CancelOrderRequest }
  | { kind: 'cod-cash'; body: CodCashRequest }
  | { kind: 'rto'; body: OrderActionRequest };

/** Runs an action; the server answers the order as it is now, which the page then shows. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: (action: OrderAction) =>
      adminRequest<AdminOrder>(`/orders/${encodeURIComponent(id)}/${action.kind}`, {
        method: 'POST',
        body: action.body,
        csrfToken,
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
