import { ACCOUNT_DELETED } from '@netkart/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input, Label } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { toast } from '@/lib/toast';
import { deleteMyAccount, exportMyData, requestDeleteCode, saveAsFile } from '../api';

const FAILED = 'Something went wrong. Please try again.';

/**
 * The shopper's rights over their data: a copy of it, and deleting the account, proved by its
 * password, or (`byCode`: an account made by mobile number has no password) by a code sent to its phone.
 */
export function MyDataSection({ byCode = false }: { byCode?: boolean }) {
  const { forget } = useAuth();
  const navigate = useNavigate();
  const passwordId = useId();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [codeNote, setCodeNote] = useState<string | null>(null);

  const sendCode = async () => {
    setProblem(null);
    const result = await requestDeleteCode();
    if (!result.ok) {
      setProblem(result.error ?? FAILED);
      return;
    }
    setCodeNote(result.data.message);
  };

  const download = async () => {
    setExporting(true);
    const result = await exportMyData();
    setExporting(false);
    if (!result.ok) {
      toast.error('Error', { description: result.error ?? FAILED });
      return;
    }
    saveAsFile(result.data, `my-data-${result.data.store.host}.json`);
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(byCode ? 'The code is the 6 digits we sent.' : 'Password is required.');
      return;
    }
    setDeleting(true);
    const result = await deleteMyAccount(byCode ? { code: password } : { password });
    setDeleting(false);
    if (!result.ok) {
      setProblem(result.error ?? FAILED);
      return;
    }
    forget();
    toast.success(ACCOUNT_DELETED);
    navigate('/');
  };

  return (
    <section aria-labelledby="my-data-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="my-data-heading" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Download a copy of what we keep about you — your account, addresses and orders — or delete your account. See our{' '}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" onClick={download} disabled={exporting}>
          Download my data
        </Button>
        {confirming ? null : (
          <Button
            variant="destructive"
            onClick={() => {
              setConfirming(true);
              if (byCode) void sendCode();
            }}
          >
            Delete my account
          </Button>
        )}
      </div>
      {confirming ? (
        <form method="post" onSubmit={remove} className="mt-4 space-y-3 rounded-xl bg-red-50 p-4" noValidate>
          <p className="text-sm text-red-900">
            Deleting your account signs you out everywhere and erases your name, email, phone and addresses from your
            account and orders. Invoices already issued keep what the tax law requires. This cannot be undone.
          </p>
          <div className="space-y-1">
            {byCode && codeNote ? (
              <p role="status" className="text-sm text-red-900">
                {codeNote}
              </p>
            ) : null}
            <Label htmlFor={passwordId}>{byCode ? 'Code sent to your mobile' : 'Password'}</Label>
            <Input
              id={passwordId}
              type={byCode ? 'text' : 'password'}
              autoComplete={byCode ? 'one-time-code' : 'current-password'}
              {...(byCode ? { inputMode: 'numeric' as const, maxLength: 7 } : {})}
              value={password}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${passwordId}-problem` : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(null);
              }}
            />
            {problem ? (
              <p id={`${passwordId}-problem`} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={deleting}>
              Delete my account for good
            </Button>
            {byCode ? (
              <Button type="button" variant="outline" onClick={sendCode}>
                Send a new code
              </Button>
            ) : null}
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setConfirming(false);
                setPassword('');
                setProblem(null);
              }}
            >
              Keep my account
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
