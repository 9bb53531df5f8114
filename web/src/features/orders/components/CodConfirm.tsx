import type { CodConfirmationAnswer, Order } from '@netkart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, FormField, Input } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { ordersQueryKey } from '../api';

/**
 * A cash-on-delivery order waiting for the shopper's code: the 6 digits sent to the order's phone
 * confirm it (the shop then packs it); a new code can be asked for once a minute.
 */
export function CodConfirm({ order }: { order: Order }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!order.cod?.awaitingConfirmation) return null;
  const fieldId = `cod-code-${order.id}`;
  const path = (action: string) => `/orders/${encodeURIComponent(order.id)}/${action}`;

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await apiRequest<CodConfirmationAnswer>(path('confirm-cod'), { method: 'POST', body: { code } });
    setBusy(false);
    if (!result.ok) {
      setError(result.error ?? t('cod.checkFailed'));
      return;
    }
    setError(undefined);
    setNote(t('cod.confirmed'));
    await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  };

  const resend = async () => {
    const result = await apiRequest<CodConfirmationAnswer>(path('resend-cod-code'), { method: 'POST', body: {} });
    if (result.ok) {
      setError(undefined);
      setNote(t('cod.sentNew', { phone: order.cod?.phone ?? '' }));
    } else {
      setError(result.error ?? t('cod.sendFailed'));
    }
  };

  return (
    <form method="post" onSubmit={confirm} className="w-full space-y-3 rounded-xl bg-amber-50 p-4" noValidate>
      <p className="font-semibold text-amber-900">{t('status.awaitingConfirmation')}</p>
      <FormField label={t('cod.enterCode', { phone: order.cod.phone })} htmlFor={fieldId} error={error}>
        <Input
          id={fieldId}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {t('cod.confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={resend}>
          {t('cod.newCode')}
        </Button>
      </div>
      {note ? (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      ) : null}
    </form>
  );
}
