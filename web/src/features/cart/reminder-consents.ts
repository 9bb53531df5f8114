import type { ReminderConsents, ReminderConsentsRequest } from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

export const remindersQuery = {
  queryKey: ['account', 'reminders'],
  queryFn: async (): Promise<ReminderConsents> => {
    const result = await apiRequest<ReminderConsents>('/users/reminders');
    if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load reminders.');
    return result.data;
  },
};

/**
 * The signed-in shopper's two reminder consents (GET/PUT /users/reminders), as the checkout's boxes
 * and the account's switches show them: a change shows at once, and one the server did not keep
 * is put back and said.
 */
export function useReminderConsents() {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const consents = useQuery({ ...remindersQuery, enabled: Boolean(user) });
  const [shown, setShown] = useState<ReminderConsents>();
  const now = shown ?? consents.data ?? { cartReminders: false, reviewRequests: false };
  const change = async (wanted: ReminderConsentsRequest) => {
    const before = now;
    setShown({ ...now, ...wanted });
    const result = await apiRequest<ReminderConsents>('/users/reminders', { method: 'PUT', body: wanted });
    if (result.ok) {
      queryClient.setQueryData(remindersQuery.queryKey, result.data);
      setShown(result.data);
    } else {
      setShown(before);
      toast.error(t('reminders.notSaved'), { description: result.error ?? t('reminders.tryAgain') });
    }
  };
  return { now, change, loaded: consents.isSuccess };
}
