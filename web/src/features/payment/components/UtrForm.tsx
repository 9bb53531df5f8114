import { type FormEvent, useState } from 'react';
import { Button, FormField, Input } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { recordPaymentReference } from '../api';
import { UTR_MESSAGE, utrOf } from '../upi-details';

/** Where the shopper writes the UTR their UPI app shows, so the shop can match the transfer to the order. */
export function UtrForm({ orderId }: { orderId: string }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const utr = utrOf(typed);
    if (!utr) {
      setError(UTR_MESSAGE);
      return;
    }
    setSending(true);
    setError(null);
    const result = await recordPaymentReference(orderId, utr);
    setSending(false);
    if (result.ok) setKept(result.data.message);
    else setError(result.error ?? t('payment.utrFailed'));
  };

  if (kept) {
    return (
      <p role="status" className="mt-6 rounded-lg bg-green-50 p-3 text-left text-sm text-green-900">
        {kept}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-3 text-left">
      <FormField label={t('payment.utr')} htmlFor="utr" error={error ?? undefined} description={t('payment.utrHelp')}>
        <Input
          id="utr"
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
          placeholder={t('payment.twelveDigits')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value.replace(/[^\d\s]/g, ''));
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" variant="outline" className="w-full" disabled={sending || typed.trim() === ''}>
        {sending ? t('payment.saving') : t('payment.saveUtr')}
      </Button>
    </form>
  );
}
