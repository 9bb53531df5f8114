import type { PaymentReferenceAnswer, PaymentResponse } from '@netkart/contract';
import { apiRequest } from '@/lib/api-client';
import { type FieldValues, fieldsFrom, methodsFrom, providerFrom } from './payment-fields';

/** The store's payment provider ('none' when it takes no online payment) and the fields it asks for. */
export async function fetchPaymentFields() {
  const result = await apiRequest<unknown>('/payments/fields');
  if (!result.ok) throw new Error(result.error ?? 'Failed to load payment form.');
  return { provider: providerFrom(result.data), fields: fieldsFrom(result.data), methods: methodsFrom(result.data) };
}

export const submitPayment = (orderId: string, fields: FieldValues) =>
  apiRequest<PaymentResponse>('/payments', { method: 'POST', body: { fields, orderId } });

/** Keeps the shopper's UTR on the order's payment, for the shop to confirm. */
export const recordPaymentReference = (orderId: string, reference: string) =>
  apiRequest<PaymentReferenceAnswer>('/payments/reference', { method: 'POST', body: { orderId, reference } });

/** Spec: a hidden POST form to the redirect URL with inputs type, url and data[key]. */
export function postHiddenForm(
  redirectUrl: string,
  params: NonNullable<NonNullable<PaymentResponse['action']>['formParams']>,
) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirectUrl;
  form.hidden = true;
  const add = (name: string, value: string) => {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  };
  add('type', params.type);
  add('url', params.url);
  for (const [key, value] of Object.entries(params.data ?? {})) add(`data[${key}]`, String(value));
  document.body.appendChild(form);
  form.submit();
}
