import type { AccountInfo } from '@netkart/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, FormField, Input } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { addMyEmail } from '../api';

/**
 * An account made by mobile number adds an email: a link is sent to it, and following the link
 * adds it (the answer is the same whether or not the email can be added).
 */
export function EmailSection({ info }: { info: AccountInfo | undefined }) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!info || info.email !== null) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) {
      setProblem(t('addEmail.required'));
      return;
    }
    setBusy(true);
    const result = await addMyEmail(typed);
    setBusy(false);
    if (!result.ok) {
      setProblem(result.status === null ? t('common.noResponse') : (result.error ?? t('account.failed')));
      return;
    }
    // The server's one answer (EMAIL_LINK_SENT), in the page's language.
    setSent(t('addEmail.sent'));
  };

  return (
    <section aria-labelledby="add-email-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="add-email-heading" className="text-lg font-semibold text-slate-900">
        {t('addEmail.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('addEmail.intro')}</p>
      {sent ? (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {sent}
        </p>
      ) : (
        <form method="post" onSubmit={submit} noValidate className="mt-4 max-w-sm space-y-3">
          <FormField label={t('account.email')} htmlFor={`${id}-email`} error={problem ?? undefined}>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
            />
          </FormField>
          <Button type="submit" disabled={busy}>
            {t('addEmail.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
