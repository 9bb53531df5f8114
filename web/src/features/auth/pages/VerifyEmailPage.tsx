import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { confirmEmail, requestPasswordReset } from '../api';

type Step =
  | { kind: 'ready' }
  | { kind: 'refused'; message: string }
  | { kind: 'verified'; email: string; message: string }
  | { kind: 'password-link-sent'; email: string };

/**
 * Where the link sent to an added email lands: one tap confirms it (a mail app that opens links
 * ahead changes nothing), then the shopper may have a link sent to set a password for it.
 */
export default function VerifyEmailPage() {
  const t = useT();
  const noResponse = t('common.noResponse');
  usePageMeta(t('verify.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const result = await confirmEmail(token);
    setBusy(false);
    if (!result.ok) {
      setStep({
        kind: 'refused',
        message: result.status === null ? noResponse : (result.error ?? t('verify.failed')),
      });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['accountInfo'] });
    setStep({ kind: 'verified', email: result.data.email, message: result.data.message });
  };

  const askForPassword = async (email: string) => {
    setBusy(true);
    const result = await requestPasswordReset(email);
    setBusy(false);
    if (!result.ok) {
      setStep({ kind: 'refused', message: result.status === null ? noResponse : (result.error ?? noResponse) });
      return;
    }
    setStep({ kind: 'password-link-sent', email });
  };

  return (
    <div className="space-y-6">
      {/* The address holds the token: no picture or link on this page may pass it on. */}
      <meta name="referrer" content="no-referrer" />
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('verify.title')}</h1>
      </div>
      {!token ? (
        <p role="alert" className="text-sm text-red-700">
          {t('verify.incompleteBefore')}
          <Link to="/account" className="font-medium text-brand-700 underline">
            {t('nav.myAccount')}
          </Link>
          {t('verify.incompleteAfter')}
        </p>
      ) : step.kind === 'ready' ? (
        <div className="space-y-3 text-center">
          <p className="text-sm text-slate-600">{t('verify.intro')}</p>
          <Button onClick={confirm} disabled={busy} className="w-full">
            {t('verify.confirm')}
          </Button>
        </div>
      ) : step.kind === 'refused' ? (
        <div className="space-y-3">
          <p role="alert" className="text-sm text-red-700">
            {step.message}
          </p>
          <Link to="/account" className={buttonClasses('outline', 'md')}>
            {t('verify.toAccount')}
          </Link>
        </div>
      ) : step.kind === 'verified' ? (
        <div className="space-y-3">
          <p role="status" className="text-sm text-green-800">
            {t('verify.confirmed', { email: step.email })}
          </p>
          <p className="text-sm text-slate-600">{t('verify.passwordOffer')}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => askForPassword(step.email)} disabled={busy}>
              {t('verify.sendPasswordLink')}
            </Button>
            <Link to="/account" className={buttonClasses('outline', 'md')}>
              {t('verify.notNow')}
            </Link>
          </div>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {t('verify.linkSent', { email: step.email })}
        </p>
      )}
    </div>
  );
}
