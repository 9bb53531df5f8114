import type { AccountExport } from '@store/contract';
import { apiRequest } from '@/lib/api-client';

export const exportMyData = () => apiRequest<AccountExport>('/account/export', { method: 'POST', body: {} });

export const deleteMyAccount = (password: string) =>
  apiRequest<{ message: string }>('/account', { method: 'DELETE', body: { password } });

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
