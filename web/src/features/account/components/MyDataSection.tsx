import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input, Label } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { deleteMyAccount, exportMyData, requestDeleteCode, saveAsFile } from '../api';

/**
 * The shopper's rights over their data: a copy of it, and deleting the account, proved by its
 * password, or (`byCode`: an account made by mobile number has no password) by a code sent to its phone.
 */
export function MyDataSection({ byCode = false }: { byCode?: boolean }) {
  const t = useT();
  const { forget } = useAuth();
  const navigate = useNavigate();
  const passwordId = useId();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [codeSent, setCodeSent] = useState(false);

  const sendCode = async () => {
    setProblem(null);
    const result = await requestDeleteCode();
    if (!result.ok) {
      setProblem(result.error ?? t('account.failed'));
      return;
    }
    // The server's one answer (DELETE_CODE_SENT), in the page's language.
    setCodeSent(true);
  };

  const download = async () => {
    setExporting(true);
    const result = await exportMyData();
    setExporting(false);
    if (!result.ok) {
      toast.error(t('common.error'), { description: result.error ?? t('account.failed') });
      return;
    }
    saveAsFile(result.data, `my-data-${result.data.store.host}.json`);
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(byCode ? t('myData.codeRequired') : t('myData.passwordRequired'));
      return;
    }
    setDeleting(true);
    const result = await deleteMyAccount(byCode ? { code: password } : { password });
    setDeleting(false);
    if (!result.ok) {
      setProblem(result.error ?? t('account.failed'));
      return;
    }
    forget();
    toast.success(t('myData.deleted'));
    navigate('/');
  };

  return (
    <section aria-labelledby="my-data-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="my-data-heading" className="text-lg font-semibold text-slate-900">
        {t('myData.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {t('myData.introBefore')}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          {t('myData.privacy')}
        </Link>
        {t('myData.introAfter')}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" onClick={download} disabled={exporting}>
          {t('myData.download')}
        </Button>
        {confirming ? null : (
          <Button
            variant="destructive"
            onClick={() => {
              setConfirming(true);
              if (byCode) void sendCode();
            }}
          >
            {t('myData.delete')}
          </Button>
        )}
      </div>
      {confirming ? (
        <form method="post" onSubmit={remove} className="mt-4 space-y-3 rounded-xl bg-red-50 p-4" noValidate>
          <p className="text-sm text-red-900">{t('myData.warning')}</p>
          <div className="space-y-1">
            {byCode && codeSent ? (
              <p role="status" className="text-sm text-red-900">
                {t('myData.codeSent')}
              </p>
            ) : null}
            <Label htmlFor={passwordId}>{byCode ? t('myData.code') : t('myData.password')}</Label>
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
              {t('myData.deleteForGood')}
            </Button>
            {byCode ? (
              <Button type="button" variant="outline" onClick={sendCode}>
                {t('myData.newCode')}
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
              {t('myData.keep')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
