import { type FormEvent, useState } from 'react';
import { Button, Input } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { useLocale, useT } from '@/lib/i18n';
import { askToBeNotified } from '../api';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/**
 * An out-of-stock product's "Notify me": an email (a signed-in shopper's own, filled in) and one
 * email when it is back; with `variantSku`, when that variant (the one chosen on the page) is back.
 */
export function NotifyMe({ productId, variantSku }: { productId: string; variantSku?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const { user } = useAuth();
  const own = user?.email.includes('@') ? user.email : '';
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? own;
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setOutcome(null);
    // The page's language: the email that the product is back is written in it.
    const result = await askToBeNotified(productId, { email, ...(variantSku ? { variantSku } : {}), language: locale });
    setSending(false);
    if (result.ok) {
      setOutcome({ ok: true, text: result.data.message });
      return;
    }
    // The address stays in the field, so the shopper can correct it or try again.
    setOutcome({
      ok: false,
      text: result.status === null ? t('notify.noResponse') : (result.error ?? t('notify.failed')),
    });
  };

  return (
    <section aria-labelledby="notify-me-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="notify-me-heading" className="font-semibold text-slate-900">
        {t('notify.heading')}
      </h2>
      <form method="post" onSubmit={send} className="mt-3 flex flex-col gap-3 sm:flex-row">
        <label htmlFor="notify-me-email" className="sr-only">
          {t('notify.email')}
        </label>
        <Input
          id="notify-me-email"
          type="email"
          required
          placeholder="you@example.in"
          value={email}
          onChange={(event) => setTyped(event.target.value)}
          aria-describedby="notify-me-notice"
        />
        <Button type="submit" className="h-11" disabled={sending}>
          {sending ? t('notify.sending') : t('notify.button')}
        </Button>
      </form>
      <p id="notify-me-notice" className="mt-2 text-sm text-slate-600">
        {/* Said beside the field: what the address is used for, and for how long. */}
        {t('notify.notice')}
      </p>
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'mt-2 text-sm font-medium text-green-700' : 'mt-2 text-sm font-medium text-red-700'}
        >
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
