import { typedIndianMobile, WHATSAPP_CONSENT_TEXT } from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, FormField, Input, Skeleton } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { setWhatsAppUpdates, whatsAppUpdatesQuery } from '../api';

/**
 * Order updates on WhatsApp: turned on with the number they go to (the consent's words shown as
 * they are recorded), and off with one button: withdrawing is as easy as giving.
 */
export function WhatsAppSection({ phone }: { phone: string | null | undefined }) {
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
      setError(result.error ?? 'Something went wrong. Please try again.');
      return;
    }
    setError(undefined);
    queryClient.setQueryData(whatsAppUpdatesQuery.queryKey, result.data);
    toast.success(result.data.enabled ? 'WhatsApp updates on' : 'WhatsApp updates off', {
      description: result.data.enabled
        ? `Your orders' news will come to ${result.data.phone} on WhatsApp.`
        : 'We will not send your orders’ news on WhatsApp.',
    });
  };

  return (
    <section aria-labelledby="whatsapp-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="whatsapp-heading" className="text-lg font-semibold text-slate-900">
        Order updates on WhatsApp
      </h2>
      {updates.isPending ? (
        <Skeleton className="mt-4 h-12 w-full rounded-xl" />
      ) : updates.isError ? (
        <p className="mt-2 text-sm text-red-700">Could not load your WhatsApp updates. Please refresh the page.</p>
      ) : updates.data.enabled ? (
        <div className="mt-2 space-y-3 text-sm text-slate-700">
          <p>
            On, to {updates.data.phone}
            {updates.data.since ? ` since ${formatDateTime(updates.data.since)}` : ''}: placed, shipped and delivered.
          </p>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => change({ enabled: false })}>
            Stop WhatsApp updates
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
          <FormField label="WhatsApp number" htmlFor="whatsapp-phone" error={error}>
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
            Send me WhatsApp updates
          </Button>
        </form>
      )}
    </section>
  );
}
