import { useEffect, useRef } from 'react';
import { Checkbox } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { useCart } from '@/features/cart/cart-context';
import { keepCart } from '@/features/cart/cart-sync';
import { useReminderConsents } from '@/features/cart/reminder-consents';
import { useT } from '@/lib/i18n';

/**
 * At checkout: the cart is kept as having reached checkout (the reminders count from now), and
 * the two consents are asked, each an unticked box until the shopper ticks it (DPDP Rules). A
 * tick is recorded at once: a shopper who leaves now has already agreed.
 */
export function ReminderChoices() {
  const { user } = useAuth();
  const { items } = useCart();
  const t = useT();
  const { now, change } = useReminderConsents();
  const marked = useRef(false);

  useEffect(() => {
    if (!user || marked.current || items.length === 0) return;
    marked.current = true;
    void keepCart(items, true);
  }, [user, items]);

  if (!user) return null;
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
          {t('reminders.cartConsent')}
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
          {t('reminders.reviewConsent')}
        </label>
      </div>
    </div>
  );
}
