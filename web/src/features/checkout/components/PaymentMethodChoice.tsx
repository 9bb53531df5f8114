import type { PaymentMethod } from '@netkart/contract';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import type { codForCart } from '../payment-methods';

/** How the shopper will pay, chosen before the order is placed: online, or cash on delivery with its fee. */
export function PaymentMethodChoice({
  value,
  onChange,
  cod,
}: {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
  cod: ReturnType<typeof codForCart>;
}) {
  const t = useT();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{t('pay.method')}</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="radio"
          name="paymentMethod"
          value="online"
          checked={value === 'online'}
          onChange={() => onChange('online')}
        />
        {t('pay.online')}
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="radio"
          name="paymentMethod"
          value="cod"
          checked={value === 'cod'}
          disabled={!cod.available}
          onChange={() => onChange('cod')}
        />
        {t('pay.cod')}
        {cod.available ? (
          <span className="text-slate-600">
            ({cod.fee > 0 ? t('pay.codFee', { fee: formatPrice(cod.fee) }) : t('pay.codNoFee')})
          </span>
        ) : null}
      </label>
      {!cod.available ? <p className="text-xs text-slate-600">{cod.reason}</p> : null}
      {value === 'cod' && cod.available ? <p className="text-xs text-slate-600">{t('pay.codCode')}</p> : null}
    </fieldset>
  );
}
