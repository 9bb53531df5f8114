import {
  CART_REMINDER_CONSENT_TEXT,
  REVIEW_REQUEST_CONSENT_TEXT,
  type ReminderConsents,
  type ReminderConsentsRequest,
} from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Checkbox } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { useCart } from '@/features/cart/cart-context';
import { keepCart } from '@/features/cart/cart-sync';
import { ApiError, apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const remindersQuery = {
  queryKey: ['account', 'reminders'],
  queryFn: async (): Promise<ReminderConsents> => {
    const result = await apiRequest<ReminderConsents>('/users/reminders');
    if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load reminders.');
    return result.data;
  },
};

/**
 * At checkout: the cart is kept as having reached checkout (the reminders count from now), and
 * the two consents are asked, each an unticked box until the shopper ticks it (DPDP Rules). A
 * tick is recorded at once: a shopper who leaves now has already agreed.
 */
export function ReminderChoices() {
  const { user } = useAuth();
  const { items } = useCart();
  const queryClient = useQueryClient();
  const consents = useQuery({ ...remindersQuery, enabled: Boolean(user) });
  const marked = useRef(false);
  const [shown, setShown] = useState<ReminderConsents>();

  useEffect(() => {
    if (!user || marked.current || items.length === 0) return;
    marked.current = true;
    void keepCart(items, true);
  }, [user, items]);

  if (!user) return null;
  const now = shown ?? consents.data ?? { cartReminders: false, reviewRequests: false };
  // The box follows the click at once; a choice the server did not keep is put back and said.
  const change = async (wanted: ReminderConsentsRequest) => {
    const before = now;
    setShown({ ...now, ...wanted });
    const result = await apiRequest<ReminderConsents>('/users/reminders', { method: 'PUT', body: wanted });
    if (result.ok) {
      queryClient.setQueryData(remindersQuery.queryKey, result.data);
      setShown(result.data);
    } else {
      setShown(before);
      toast.error('Your choice could not be saved', { description: result.error ?? 'Please try again.' });
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex items-start gap-2">
        <Checkbox
          id="cart-reminders"
          className="mt-0.5"
          checked={now.cartReminders}
          onChange={(event) => void change({ cartReminders: event.target.checked })}
        />
        <label htmlFor="cart-reminders" className="text-sm text-slate-700">
          {CART_REMINDER_CONSENT_TEXT}
        </label>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id="review-requests"
          className="mt-0.5"
          checked={now.reviewRequests}
          onChange={(event) => void change({ reviewRequests: event.target.checked })}
        />
        <label htmlFor="review-requests" className="text-sm text-slate-700">
          {REVIEW_REQUEST_CONSENT_TEXT}
        </label>
      </div>
    </div>
  );
}
