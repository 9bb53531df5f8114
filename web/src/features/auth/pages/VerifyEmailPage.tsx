import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { confirmEmail, requestPasswordReset } from '../api';

const NO_RESPONSE = 'No response from server. Please try again later.';

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
  usePageMeta('Confirm your email');
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
        message: result.status === null ? NO_RESPONSE : (result.error ?? 'This link did not work.'),
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
      setStep({ kind: 'refused', message: result.status === null ? NO_RESPONSE : (result.error ?? NO_RESPONSE) });
      return;
    }
    setStep({ kind: 'password-link-sent', email });
  };

  return (
    <div className="space-y-6">
      {/* The address holds the token: no picture or link on this page may pass it on. */}
      <meta name="referrer" content="no-referrer" />
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Confirm your email</h1>
      </div>
      {!token ? (
        <p role="alert" className="text-sm text-red-700">
          This link is not complete. Please open the whole link from the email, or add your email again on{' '}
          <Link to="/account" className="font-medium text-brand-700 underline">
            My Account
          </Link>
          .
        </p>
      ) : step.kind === 'ready' ? (
        <div className="space-y-3 text-center">
          <p className="text-sm text-slate-600">Confirm that this email is yours to add it to your account.</p>
          <Button onClick={confirm} disabled={busy} className="w-full">
            Confirm my email
          </Button>
        </div>
      ) : step.kind === 'refused' ? (
        <div className="space-y-3">
          <p role="alert" className="text-sm text-red-700">
            {step.message}
          </p>
          <Link to="/account" className={buttonClasses('outline', 'md')}>
            Go to My Account
          </Link>
        </div>
      ) : step.kind === 'verified' ? (
        <div className="space-y-3">
          <p role="status" className="text-sm text-green-800">
            {step.email} is confirmed.
          </p>
          <p className="text-sm text-slate-600">
            To sign in with it and a password as well as with your mobile number, we can email you a link to set a
            password.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => askForPassword(step.email)} disabled={busy}>
              Email me a link to set a password
            </Button>
            <Link to="/account" className={buttonClasses('outline', 'md')}>
              Not now
            </Link>
          </div>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          We have sent a link to {step.email}. Open it to choose your password.
        </p>
      )}
    </div>
  );
}
