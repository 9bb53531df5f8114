import { type DeliveryEstimate, PINCODE_PATTERN, type PincodeAnswer, shortDay } from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { Truck } from '@/components/icons';
import { apiRequest } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useLocale, useT } from '@/lib/i18n';
import type { Locale } from '@/lib/i18n/locale';
import { useRememberedPin } from './remembered-pin';

/** `GET /pincodes/{pin}` under the checkout's own key, so a PIN looked up in one place is known in the other. */
function usePinPromise(pin: string) {
  const query = useQuery({
    queryKey: ['pincode', pin],
    queryFn: () => apiRequest<PincodeAnswer>(`/pincodes/${encodeURIComponent(pin)}`),
    enabled: PINCODE_PATTERN.test(pin),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const result = PINCODE_PATTERN.test(pin) ? query.data : undefined;
  if (!result) return { place: undefined, problem: undefined };
  if (result.ok) return { place: result.data, problem: undefined };
  return {
    place: undefined,
    problem: result.status === 404 || result.status === 400 ? (result.error ?? undefined) : undefined,
  };
}

/** An India-time day as the page's language writes it: "Tue, 2 Dec", "मंगल, 2 दिस॰". */
function dayIn(locale: Locale, day: string): string {
  if (locale === 'en') return shortDay(day);
  const date = new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat('hi-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    date,
  );
}

/** "Delivery by Tue, 2 Dec" with a truck: an estimate the shop gave (a PIN's now, or an order's kept one). */
export function DeliveryBy({ estimate, className }: { estimate: DeliveryEstimate; className?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium text-emerald-800', className)} data-delivery-estimate>
      <Truck aria-hidden="true" className="h-4 w-4 shrink-0" />
      {t('delivery.by', { day: dayIn(locale, estimate.latest) })}
    </p>
  );
}

/** What the shop promises for a PIN now: the date, "Not deliverable to …", or why the PIN is not one it knows. */
export function DeliveryForPin({ pin, className }: { pin: string | undefined; className?: string }) {
  const t = useT();
  const { place, problem } = usePinPromise(pin ?? '');
  if (!pin) return null;
  if (problem) return <p className={cn('text-sm text-red-700', className)}>{problem}</p>;
  if (!place) return null;
  if (!place.serviceable || !place.estimate) {
    return (
      <p className={cn('text-sm font-medium text-amber-800', className)} data-delivery-estimate>
        {t('delivery.notDeliverable', { pincode: place.pincode })}
      </p>
    );
  }
  return <DeliveryBy estimate={place.estimate} className={className} />;
}

/** The cart's line: the promise for the PIN the shopper checked earlier in this session, if any. */
export function DeliveryToRememberedPin() {
  const t = useT();
  const pin = useRememberedPin();
  if (!pin) return null;
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-3">
      <p className="text-xs text-slate-600">{t('delivery.toPin', { pin })}</p>
      <DeliveryForPin pin={pin} />
    </div>
  );
}
