import { typedIndianMobile, WHATSAPP_CONSENT_TEXT } from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, FormField, Input, Skeleton } from '@/components/ui';
import { useDates, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { setWhatsAppUpdates, whatsAppUpdatesQuery } from '../api';

/**
 * Order updates on WhatsApp: turned on with the number they go to (the consent's words shown as
 * they are recorded), and off with one button: withdrawing is as easy as giving.
 */
export function WhatsAppSection({ phone }: { phone: string | null | undefined }) {
  const t = useT();
  const dates = useDates();
  const queryClient = useQueryClient();
  const updates = useQuery(whatsAppUpdatesQuery);
  const [number, setNumber] = useState(phone ?? '+91');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const change = async (body: Parameters<typeof setWhatsAppUpdates>[0]) => {
    setBusy(true);
    const result = await setWhatsAppUpdates(body);
    setBusy(false);
    if (!result.ok) {
      setError(result.error ?? t('account.failed'));
      return;
    }
    setError(undefined);
    queryClient.setQueryData(whatsAppUpdatesQuery.queryKey, result.data);
    toast.success(result.data.enabled ? t('whatsapp.turnedOn') : t('whatsapp.turnedOff'), {
      description: result.data.enabled
        ? t('whatsapp.turnedOnText', { phone: result.data.phone ?? '' })
        : t('whatsapp.turnedOffText'),
    });
  };

  return (
    <section aria-labelledby="whatsapp-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="whatsapp-heading" className="text-lg font-semibold text-slate-900">
        {t('whatsapp.heading')}
      </h2>
      {updates.isPending ? (
        <Skeleton className="mt-4 h-12 w-full rounded-xl" />
      ) : updates.isError ? (
        <p className="mt-2 text-sm text-red-700">{t('whatsapp.loadFailed')}</p>
      ) : updates.data.enabled ? (
        <div className="mt-2 space-y-3 text-sm text-slate-700">
          <p>
            {updates.data.since
              ? t('whatsapp.onSince', { phone: updates.data.phone ?? '', since: dates.dateTime(updates.data.since) })
              : t('whatsapp.on', { phone: updates.data.phone ?? '' })}
          </p>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => change({ enabled: false })}>
            {t('whatsapp.stop')}
          </Button>
        </div>
      ) : (
        <form
          className="mt-2 max-w-sm space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void change({ enabled: true, phone: number });
          }}
        >
          <p className="text-sm text-slate-700">{WHATSAPP_CONSENT_TEXT}</p>
          <FormField label={t('whatsapp.number')} htmlFor="whatsapp-phone" error={error}>
            <Input
              id="whatsapp-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={number}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setNumber(typedIndianMobile(event.target.value))}
            />
          </FormField>
          <Button type="submit" size="sm" disabled={busy}>
            {t('whatsapp.start')}
          </Button>
        </form>
      )}
    </section>
  );
}
