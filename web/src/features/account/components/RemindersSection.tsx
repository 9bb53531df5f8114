import { useId } from 'react';
import { useReminderConsents } from '@/features/cart/reminder-consents';
import { useT } from '@/lib/i18n';

/** One consent as a switch: its short name, then the exact words the shopper agrees to. */
function ConsentSwitch({
  name,
  words,
  on,
  onChange,
}: {
  name: string;
  words: string;
  on: boolean;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        aria-checked={on}
        aria-describedby={`${id}-words`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-5 w-9 shrink-0 cursor-pointer accent-brand-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {name}
        </label>
        <p id={`${id}-words`} className="text-sm text-slate-600">
          {words}
        </p>
      </div>
    </div>
  );
}

/** The account's switches for the two reminder consents the checkout asks for (each off until turned on). */
export function RemindersSection() {
  const t = useT();
  const { now, change } = useReminderConsents();
  return (
    <section aria-labelledby="reminders-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="reminders-heading" className="text-lg font-semibold text-slate-900">
        {t('reminders.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('reminders.intro')}</p>
      <div className="mt-4 space-y-4">
        <ConsentSwitch
          name={t('reminders.cartSwitch')}
          words={t('reminders.cartConsent')}
          on={now.cartReminders}
          onChange={(on) => void change({ cartReminders: on })}
        />
        <ConsentSwitch
          name={t('reminders.reviewSwitch')}
          words={t('reminders.reviewConsent')}
          on={now.reviewRequests}
          onChange={(on) => void change({ reviewRequests: on })}
        />
      </div>
    </section>
  );
}
