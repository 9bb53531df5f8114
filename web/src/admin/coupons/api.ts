import type { AdminProductListResponse, Coupon, CouponListResponse, CreateCouponRequest } from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

export const couponsKey = ['admin', 'coupons'] as const;

/** The store's coupons and automatic offers, newest first. */
export function useCouponList() {
  return useQuery({
    queryKey: couponsKey,
    queryFn: ({ signal }) => adminRequest<CouponListResponse>('/coupons', { signal }),
  });
}

/** Adds a coupon; the list is read again. */
export function useAddCoupon() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupon: CreateCouponRequest) =>
      adminRequest<Coupon>('/coupons', { method: 'POST', body: coupon, csrfToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** Stops a coupon working for new orders; the list is read again. */
export function useDisableCoupon() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<Coupon>(`/coupons/${encodeURIComponent(id)}/disable`, { method: 'POST', body: {}, csrfToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** Products whose title or SKU matches what was typed (two characters or more), for the coupon's product list. */
export function useProductSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['admin', 'coupons', 'product-search', q],
    queryFn: ({ signal }) => adminRequest<AdminProductListResponse>('/products', { query: { q, limit: 8 }, signal }),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}
