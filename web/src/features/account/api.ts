import type {
  AccountExport,
  AccountSessions,
  AddEmailResponse,
  ChangePasswordResponse,
  EndedSessions,
  SignInCodeResponse,
  WhatsAppUpdates,
  WhatsAppUpdatesRequest,
} from '@netkart/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

export const exportMyData = () => apiRequest<AccountExport>('/account/export', { method: 'POST', body: {} });

/** Deletes the account, proved by its password or by the code sent to its phone. */
export const deleteMyAccount = (proof: { password: string } | { code: string }) =>
  apiRequest<{ message: string }>('/account', { method: 'DELETE', body: proof });

/** A code to the account's own phone, to delete an account that has no password. */
export const requestDeleteCode = () =>
  apiRequest<SignInCodeResponse>('/account/delete-code', { method: 'POST', body: {} });

/** A link to this email, which adds it to the account once followed. */
export const addMyEmail = (email: string) =>
  apiRequest<AddEmailResponse>('/account/email', { method: 'POST', body: { email } });

/** Saves the data as a JSON file the way a download link would. */
export function saveAsFile(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The shopper's signed-in devices, this one first. */
export const accountSessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: async () => {
    const result = await apiRequest<AccountSessions>('/account/sessions');
    if (!result.ok) throw new ApiError(result.status, result.error ?? 'Could not load your devices.');
    return result.data.sessions;
  },
  retry: false,
});

export const endSession = (id: string) =>
  apiRequest<undefined>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = () => apiRequest<EndedSessions>('/account/sessions', { method: 'DELETE' });

export const changeMyPassword = (currentPassword: string, newPassword: string) =>
  apiRequest<ChangePasswordResponse>('/account/password', { method: 'POST', body: { currentPassword, newPassword } });

/** The shopper's order updates on WhatsApp: on (to which number, since when) or off. */
export const whatsAppUpdatesQuery = queryOptions({
  queryKey: ['account', 'whatsapp'],
  queryFn: async () => {
    const result = await apiRequest<WhatsAppUpdates>('/users/whatsapp');
    if (!result.ok) throw new ApiError(result.status, result.error ?? 'Could not load your WhatsApp updates.');
    return result.data;
  },
  retry: false,
});

export const setWhatsAppUpdates = (body: WhatsAppUpdatesRequest) =>
  apiRequest<WhatsAppUpdates>('/users/whatsapp', { method: 'PUT', body });
