import { type FormEvent, useState } from 'react';
import { Button, Input } from '@/components/ui';
import { toast } from '@/lib/toast';
import { subscribeToNewsletter } from '../api';

/** Shown under the field and sent as it is: the consent the shop records is the notice the shopper saw. */
export const NEWSLETTER_CONSENT =
  'We will email you offers and new products. Unsubscribe at any time from the link in every email.';

/** The home page's sign-up: thanks the shopper only once the shop has recorded it. */
export function NewsletterSignup({ title }: { title: string | undefined }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const result = await subscribeToNewsletter({ email, consentText: NEWSLETTER_CONSENT });
    setSending(false);
    if (result.ok && result.status === 201) {
      toast.success('Subscribed!', { description: 'Thank you for subscribing to our newsletter.' });
      setEmail('');
      return;
    }
    // The address stays in the field, so the shopper can correct it or try again.
    const reason = result.ok
      ? null
      : result.status === null
        ? 'No response from server. Please try again later.'
        : result.error;
    toast.error('Could not subscribe', { description: reason ?? 'Failed to subscribe. Please try again.' });
  };

  return (
    <section
      {...(title ? { 'aria-labelledby': 'newsletter-heading' } : { 'aria-label': 'Newsletter' })}
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
              Email address
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
              {sending ? 'Subscribing...' : 'Subscribe'}
            </Button>
          </div>
          <p id="newsletter-consent" className="mt-3 text-sm text-slate-300">
            {NEWSLETTER_CONSENT}
          </p>
        </form>
      </div>
    </section>
  );
}
