import type {
  AdminDeliverySettings,
  AdminShippingSettings,
  DeliveryRules,
  ShippingRulesInput,
} from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

const shippingKey = ['admin', 'settings', 'shipping'] as const;
const deliveryKey = ['admin', 'settings', 'delivery'] as const;

// Settings forms keep what is typed: no reading again behind them.
const formQuery = { refetchOnWindowFocus: false } as const;

export function useShippingSettings() {
  return useQuery({
    queryKey: shippingKey,
    queryFn: ({ signal }) => adminRequest<AdminShippingSettings>('/settings/shipping', { signal }),
    ...formQuery,
  });
}

/** Saves the rules, or (null) takes them away so shipping is free. */
export function useSaveShippingSettings() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ShippingRulesInput | null) =>
      rules === null
        ? adminRequest<AdminShippingSettings>('/settings/shipping', { method: 'DELETE', csrfToken })
        : adminRequest<AdminShippingSettings>('/settings/shipping', { method: 'PUT', body: rules, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(shippingKey, saved),
  });
}

export function useDeliverySettings() {
  return useQuery({
    queryKey: deliveryKey,
    queryFn: ({ signal }) => adminRequest<AdminDeliverySettings>('/settings/delivery', { signal }),
    ...formQuery,
  });
}

/** Saves the rules, or (null) goes back to the default ones. */
export function useSaveDeliverySettings() {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: DeliveryRules | null) =>
      rules === null
        ? adminRequest<AdminDeliverySettings>('/settings/delivery', { method: 'DELETE', csrfToken })
        : adminRequest<AdminDeliverySettings>('/settings/delivery', { method: 'PUT', body: rules, csrfToken }),
    onSuccess: (saved) => queryClient.setQueryData(deliveryKey, saved),
  });
}
