import { PINCODE_PATTERN } from '@netkart/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { MapPin } from '@/components/icons';
import { Button, Input } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { DeliveryForPin } from './DeliveryPromise';
import { rememberPin, useRememberedPin } from './remembered-pin';

/**
 * The product page's "Check delivery": a PIN in, the date it would arrive (or that it cannot) out,
 * and what the page adds for that PIN (the shipping charge to it).
 */
export function DeliveryCheck({ forPin }: { forPin?: (pin: string) => ReactNode } = {}) {
  const t = useT();
  const remembered = useRememberedPin();
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const inputId = useId();
  const errorId = useId();

  // The PIN checked earlier in this session answers at once on every product page.
  useEffect(() => {
    if (!remembered) return;
    setTyped((current) => current || remembered);
    setChecked(remembered);
  }, [remembered]);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const pin = typed.trim();
    if (!PINCODE_PATTERN.test(pin)) {
      setError(t('delivery.enterPin'));
      return;
    }
    setError(undefined);
    setChecked(pin);
    rememberPin(pin);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-xl border border-slate-200 p-4">
      <h2 id={`${inputId}-title`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <MapPin aria-hidden="true" className="h-4 w-4" />
        {t('delivery.heading')}
      </h2>
      <form onSubmit={check} className="mt-3 flex gap-2" noValidate>
        <label htmlFor={inputId} className="sr-only">
          {t('delivery.pinCode')}
        </label>
        <Input
          id={inputId}
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t('delivery.pinCode')}
          value={typed}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" className="shrink-0">
          {t('delivery.check')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-2 min-h-5">
        {error ? (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <>
            <DeliveryForPin pin={checked} />
            {checked && forPin ? forPin(checked) : null}
          </>
        )}
      </div>
    </section>
  );
}
