import type { PaymentMethod } from '@netkart/contract';
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
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Payment method</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="radio"
          name="paymentMethod"
          value="online"
          checked={value === 'online'}
          onChange={() => onChange('online')}
        />
        Pay online (UPI, cards, net banking)
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
        Cash on delivery
        {cod.available ? (
          <span className="text-slate-600">({cod.fee > 0 ? `+ ${formatPrice(cod.fee)} fee` : 'no fee'})</span>
        ) : null}
      </label>
      {!cod.available ? <p className="text-xs text-slate-600">{cod.reason}</p> : null}
      {value === 'cod' && cod.available ? (
        <p className="text-xs text-slate-600">We will send a 6-digit code to your phone to confirm the order.</p>
      ) : null}
    </fieldset>
  );
}
