import { type FormEvent, useState } from 'react';
import { Button, Input } from '@/components/ui';
import { englishT, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { subscribeToNewsletter } from '../api';

/** Shown under the field and sent as it is: the consent the shop records is the notice the shopper saw. */
export const NEWSLETTER_CONSENT = englishT('newsletter.consent');

/** The home page's sign-up: thanks the shopper only once the shop has recorded it. */
export function NewsletterSignup({ title }: { title: string | undefined }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const t = useT();
  // In the page's language: the shop records the words the shopper read.
  const consent = t('newsletter.consent');

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const result = await subscribeToNewsletter({ email, consentText: consent });
    setSending(false);
    if (result.ok && result.status === 201) {
      toast.success(t('newsletter.subscribed'), { description: t('newsletter.thanks') });
      setEmail('');
      return;
    }
    // The address stays in the field, so the shopper can correct it or try again.
    const reason = result.ok ? null : result.status === null ? t('common.noResponse') : result.error;
    toast.error(t('newsletter.failedTitle'), { description: reason ?? t('newsletter.failed') });
  };

  return (
    <section
      {...(title ? { 'aria-labelledby': 'newsletter-heading' } : { 'aria-label': t('newsletter.label') })}
      className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8"
    >
      <div className="rounded-3xl bg-slate-900 p-8 text-white sm:p-12">
        {title ? (
          <h2 id="newsletter-heading" className="mb-6 text-2xl font-bold">
            {title}
          </h2>
        ) : null}
        <form method="post" onSubmit={subscribe} className="max-w-lg">
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor="newsletter-email" className="sr-only">
              {t('newsletter.email')}
            </label>
            <Input
              id="newsletter-email"
              type="email"
              required
              placeholder="you@example.in"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby="newsletter-consent"
              className="text-slate-900"
            />
            <Button type="submit" variant="secondary" className="h-11" disabled={sending}>
              {sending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
            </Button>
          </div>
          <p id="newsletter-consent" className="mt-3 text-sm text-slate-300">
            {consent}
          </p>
        </form>
      </div>
    </section>
  );
}
