import { type FormEvent, useEffect, useState } from 'react';
import { Button, Input } from '@/components/ui';
import { useT } from '@/lib/i18n';

interface CouponFieldProps {
  /** The code applied now, if any. */
  applied: string | undefined;
  onApply: (code: string | undefined) => void;
  /** The shop's refusal of the applied code (the rule it broke); the code is then taken off. */
  refusal: string | undefined;
  /** What the applied coupon gives, once the shop has priced it. */
  appliedLabel: string | undefined;
  idPrefix: string;
}

/**
 * A coupon code the shopper types and applies. Nothing is filled in or applied for them; a refused
 * code is taken off and the shop's reason shown beside the field.
 */
export function CouponField({ applied, onApply, refusal, appliedLabel, idPrefix }: CouponFieldProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputId = `${idPrefix}-coupon`;
  const errorId = `${inputId}-error`;

  useEffect(() => {
    if (!refusal || !applied) return;
    setError(refusal);
    setTyped(applied);
    onApply(undefined);
  }, [refusal, applied, onApply]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const code = typed.trim();
    if (!code) {
      setError(t('coupon.typeCode'));
      return;
    }
    setError(undefined);
    onApply(code);
  };

  if (applied && !error) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
        <p>
          <span className="font-semibold">{applied}</span> {t('coupon.applied')}
          {appliedLabel ? `: ${appliedLabel}` : ''}
        </p>
        <Button variant="ghost" onClick={() => onApply(undefined)} aria-label={t('coupon.remove', { code: applied })}>
          {t('cart.remove')}
        </Button>
      </div>
    );
  }

  // Its own small form inside the summary: Enter applies the code and never places the order.
  return (
    <div className="space-y-1.5">
      <label id={`${inputId}-label`} htmlFor={inputId} className="text-sm font-medium text-slate-900">
        {t('coupon.code')}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          autoComplete="off"
          maxLength={30}
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
        />
        <Button type="button" variant="outline" onClick={submit}>
          {t('coupon.apply')}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
