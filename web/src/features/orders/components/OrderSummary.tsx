import type { Order } from '@netkart/contract';
import { DeliveryBy } from '@/components/delivery/DeliveryPromise';
import { optionsLabel } from '@/features/cart/cart-rules';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { toOrderView } from '../order-view';

/** What is being paid for: the lines (with their size and colour), the total and where it goes. */
export function OrderSummary({ order, className }: { order: Order; className?: string }) {
  const view = toOrderView(order);
  const t = useT();
  return (
    <section aria-labelledby="order-summary-heading" className={className}>
      <h2 id="order-summary-heading" className="text-lg font-semibold text-slate-900">
        {t('summary.heading')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {order.items.map((item) => {
          const options = optionsLabel(item.size, item.color);
          return (
            <li key={item.id} className="flex items-start justify-between gap-4 py-2">
              <div>
                <p className="font-medium text-slate-900">{item.productTitle}</p>
                {options ? <p className="text-slate-600">{options}</p> : null}
                <p className="text-slate-600">{t('summary.quantity', { quantity: item.quantity })}</p>
              </div>
              <p className="shrink-0 text-slate-900">{formatPrice(item.price * item.quantity)}</p>
            </li>
          );
        })}
        {view.charges.map((charge) => (
          <li key={charge.kind} className="flex justify-between gap-4 py-2">
            <p className="text-slate-600">{charge.label}</p>
            <p className="shrink-0 text-slate-900">{formatPrice(charge.amount)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-3 text-base">
        <span>{t('summary.total')}</span>
        <span className="font-bold">{formatPrice(view.total)}</span>
      </p>
      <div className="mt-4 text-sm">
        <h3 className="text-slate-500">{t('order.shippingAddress')}</h3>
        <p className="text-slate-900">
          {view.shipping.fullName ? <span className="block">{view.shipping.fullName}</span> : null}
          {view.shipping.address || '—'}
        </p>
        {view.deliveryEstimate ? <DeliveryBy estimate={view.deliveryEstimate} className="mt-2" /> : null}
      </div>
    </section>
  );
}
