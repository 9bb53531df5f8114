import type { EwayBill, EwayBillAnswer } from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

const ewayBillKey = (orderId: string) => ['admin', 'eway-bill', orderId] as const;
const signatureKey = ['admin', 'invoice-signature'] as const;

/** The e-way bill recorded for an order's consignment (rule 138). */
export function useEwayBill(orderId: string) {
  return useQuery({
    queryKey: ewayBillKey(orderId),
    queryFn: ({ signal }) =>
      adminRequest<EwayBillAnswer>(`/orders/${encodeURIComponent(orderId)}/eway-bill`, { signal }),
  });
}

export function useSaveEwayBill(orderId: string) {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: (bill: EwayBill | null) =>
      adminRequest<EwayBillAnswer>(`/orders/${encodeURIComponent(orderId)}/eway-bill`, {
        method: bill ? 'PUT' : 'DELETE',
        ...(bill ? { body: bill } : {}),
        csrfToken,
      }),
    onSuccess: (answer) => queryClient.setQueryData(ewayBillKey(orderId), answer),
  });
}

/** Whether the store has a signature for its invoices, and when it last changed (to show it afresh). */
export function useSignatureVersion() {
  return useQuery({ queryKey: signatureKey, queryFn: () => Date.now() });
}

/** Uploads (a PNG file) or removes (null) the signature printed above "Authorised Signatory". */
export function useSaveSignature() {
  const queryClient = useQueryClient();
  const { csrfToken } = useSession();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (!file) return adminRequest<void>('/invoice-signature', { method: 'DELETE', csrfToken });
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return adminRequest<void>('/invoice-signature', { method: 'PUT', body: { png: btoa(binary) }, csrfToken });
    },
    onSuccess: () => queryClient.setQueryData(signatureKey, Date.now()),
  });
}
