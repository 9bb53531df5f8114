import { DeliveryBy } from '@/components/delivery/DeliveryPromise';
import { Badge } from '@/components/ui';
import { optionsLabel } from '@/features/cart/cart-rules';
import { useDates, useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { shopperStatusLabel, statusTone } from '../order-status';
import type { OrderView } from '../order-view';

/** The id, date and status line of an order. */
export function OrderHeading({ order, awaitingConfirmation }: { order: OrderView; awaitingConfirmation?: boolean }) {
  const t = useT();
  const dates = useDates();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div>
        <h2 className="font-semibold text-slate-900">{t('order.number', { id: order.id })}</h2>
        <p className="text-sm text-slate-600">{t('order.placedOn', { date: dates.date(order.date) })}</p>
      </div>
      {/* A cash-on-delivery order is Pending until the shopper's code confirms it. */}
      <Badge tone={statusTone(order.status)}>
        {awaitingConfirmation ? t('status.awaitingConfirmation') : shopperStatusLabel(order.status, t)}
      </Badge>
      {order.cancelReason ? (
        <p className="w-full text-sm text-red-800">{t('order.cancelled', { reason: order.cancelReason })}</p>
      ) : null}
      {order.deliveryEstimate ? <DeliveryBy estimate={order.deliveryEstimate} className="w-full" /> : null}
    </div>
  );
}

export function OrderItemsTable({ order }: { order: OrderView }) {
  const t = useT();
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-slate-500">
        <tr>
          <th scope="col" className="py-2 font-medium">
            {t('order.item')}
          </th>
          <th scope="col" className="py-2 text-center font-medium">
            {t('order.quantity')}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {t('filters.price')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {order.items.map((item) => (
          <tr key={item.id}>
            <td className="py-2 text-slate-900">
              <span className="block">{item.name}</span>
              {item.size || item.color ? (
                <span className="block text-xs text-slate-600">{optionsLabel(item.size, item.color)}</span>
              ) : null}
            </td>
            <td className="py-2 text-center">{item.quantity}</td>
            <td className="py-2 text-right">{formatPrice(item.price)}</td>
          </tr>
        ))}
        {order.charges.map((charge) => (
          <tr key={charge.kind}>
            <td className="py-2 text-slate-600">{charge.label}</td>
            <td className="py-2 text-center" />
            <td className="py-2 text-right">{formatPrice(charge.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OrderShipping({ order }: { order: OrderView }) {
  const t = useT();
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-500">{t('order.shippingAddress')}</dt>
        <dd className="text-slate-900">
          {order.shipping.fullName ? <span className="block">{order.shipping.fullName}</span> : null}
          {order.shipping.address || '—'}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('order.shippingMethod')}</dt>
        <dd className="text-slate-900">{order.shipping.method}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('order.trackingNumber')}</dt>
        <dd className="text-slate-900">
          {order.shipping.courier ? <span className="block">{order.shipping.courier}</span> : null}
          {order.shipping.tracking}
          {order.shipping.trackingUrl ? (
            <a
              href={order.shipping.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-flex min-h-11 items-center font-medium text-indigo-700 underline"
            >
              {t('order.trackParcel')}
            </a>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
