import { INDIAN_MOBILE_MESSAGE, indianMobile } from '@netkart/contract';
import { type FormEvent, useState } from 'react';
import { Button, FormField, Input } from '@/components/ui';
import type { ApiResult } from '@/lib/api-client';
import { useT } from '@/lib/i18n';

export interface PhoneCodeFormProps {
  /** Ids of this form's fields (two forms may share a page). */
  idPrefix: string;
  /** Sends the code to the number ('+919845012345'). */
  requestCode(phone: string): Promise<ApiResult<unknown>>;
  /** The code typed back; throws with the reason to show under the code. */
  verify(phone: string, code: string): Promise<void>;
  /** The button of the first step. */
  sendLabel?: string;
  /** The button of the second step. */
  verifyLabel?: string;
}

/**
 * A mobile number, then the 6-digit code texted to it: the one form of signing in by phone and of
 * adding a phone to an account. The number is checked here by the server's own rule first.
 */
export function PhoneCodeForm({ idPrefix, requestCode, verify, sendLabel, verifyLabel }: PhoneCodeFormProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentNote, setSentNote] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (number: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await requestCode(number);
      if (!result.ok) {
        setError(result.status === null ? t('common.noResponse') : (result.error ?? t('phone.sendFailed')));
        return;
      }
      setPhone(number);
      setCode('');
      setSentNote(t('phone.sent', { number: `${number.slice(0, 3)} ${number.slice(3, 8)} ${number.slice(8)}` }));
    } finally {
      setBusy(false);
    }
  };

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    const number = indianMobile(typed);
    if (!number) {
      setError(INDIAN_MOBILE_MESSAGE);
      return;
    }
    await send(number);
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!phone) return;
    const digits = code.replace(/[\s-]/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('phone.codeRule'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await verify(phone, digits);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!phone) {
    return (
      <form method="post" onSubmit={onSend} noValidate className="space-y-4">
        <FormField label={t('phone.number')} htmlFor={`${idPrefix}-phone`} error={error}>
          <Input
            id={`${idPrefix}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+91 98450 12345"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t('contact.sending') : (sendLabel ?? t('phone.send'))}
        </Button>
      </form>
    );
  }
  return (
    <form method="post" onSubmit={onVerify} noValidate className="space-y-4">
      <p className="text-sm text-slate-600" role="status">
        {sentNote}
      </p>
      <FormField label={t('phone.code')} htmlFor={`${idPrefix}-code`} error={error}>
        <Input
          id={`${idPrefix}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t('phone.checking') : (verifyLabel ?? t('phone.verify'))}
      </Button>
      <div className="flex justify-between gap-4 text-sm">
        <button
          type="button"
          className="min-h-11 font-medium text-brand-700 hover:underline"
          onClick={() => {
            setPhone(null);
            setError(undefined);
          }}
        >
          {t('phone.change')}
        </button>
        <button
          type="button"
          className="min-h-11 font-medium text-brand-700 hover:underline"
          disabled={busy}
          onClick={() => void send(phone)}
        >
          {t('phone.resend')}
        </button>
      </div>
    </form>
  );
}
