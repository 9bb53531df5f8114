import type {
  CreateOrderRequest,
  CreateReturnRequest,
  Order,
  OrderReturnsResponse,
  Return,
  ShopperCancelRequest,
  ShopperCancelResponse,
} from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiDownload, apiRequest } from '@/lib/api-client';

export const ordersQueryKey = ['orders'];

export function useOrders() {
  return useQuery({
    queryKey: ordersQueryKey,
    queryFn: async (): Promise<Order[]> => {
      const result = await apiRequest<Order[]>('/orders');
      if (!result.ok) throw new Error(result.error ?? 'Failed to load your orders.');
      return Array.isArray(result.data) ? result.data : [];
    },
  });
}

export const createOrder = (request: CreateOrderRequest) =>
  apiRequest<Order>('/orders', { method: 'POST', body: request });

export const findOrder = (orderId: string, contactInfo: string) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`, { query: { contactInfo } });

/** One order of the signed-in shopper (bearer token), for the payment and order-success pages. */
export function useOrder(orderId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...ordersQueryKey, orderId],
    queryFn: async (): Promise<Order> => {
      const result = await apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`);
      // The status tells an order that is not the shopper's (404) from one that could not be read now.
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load the order.');
      return result.data;
    },
    enabled: (options.enabled ?? true) && orderId !== '',
    retry: false,
  });
}

/** A paid order's invoice PDF: the owner's (bearer token), or with the email or phone that found it. */
/** An order's invoice (or receipt), or its credit note, as a PDF: with the shopper's token or the contact details that found it. */
export const downloadDocument = (orderId: string, document: 'invoice' | 'credit-note', contactInfo?: string) =>
  apiDownload(`/orders/${encodeURIComponent(orderId)}/${document}`, { query: { contactInfo } });

/** The shopper cancels their own order (unpaid, or paid and not yet shipped). */
export const cancelOrder = (orderId: string, request: ShopperCancelRequest) =>
  apiRequest<ShopperCancelResponse>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: request });

export const orderReturnsKey = (orderId: string) => [...ordersQueryKey, orderId, 'returns'];

/** A delivered order's returns, and whether (and until when) another may be asked. */
export function useOrderReturns(orderId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderReturnsKey(orderId),
    queryFn: async (): Promise<OrderReturnsResponse> => {
      const result = await apiRequest<OrderReturnsResponse>(`/orders/${encodeURIComponent(orderId)}/returns`);
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load the returns.');
      return result.data;
    },
    enabled: options.enabled ?? true,
    retry: false,
  });
}

/** The shopper asks to return or exchange some of a delivered order's items. */
export const askReturn = (orderId: string, request: CreateReturnRequest) =>
  apiRequest<Return>(`/orders/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body: request });
