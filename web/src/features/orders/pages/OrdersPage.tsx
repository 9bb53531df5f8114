import { OrderStatus } from '@netkart/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PackageOpen } from '@/components/icons';
import { buttonClasses, Skeleton } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useOrders } from '../api';
import { CancelOrderButton } from '../components/CancelOrderDialog';
import { CodConfirm } from '../components/CodConfirm';
import { InvoiceDownload } from '../components/InvoiceDownload';
import { OrderAgainButton } from '../components/OrderAgainButton';
import { OrderHeading, OrderItemsTable, OrderShipping } from '../components/OrderDetails';
import { OrderTimelineToggle } from '../components/OrderTimelineToggle';
import { ReturnSection } from '../components/ReturnSection';
import { isPending } from '../order-status';
import { canCancel, canOrderAgain } from '../order-undo';
import { toOrderView } from '../order-view';

export default function OrdersPage() {
  const t = useT();
  usePageMeta(t('footer.myOrders'));
  const orders = useOrders();
  // What was just done to an order (cancelled, ordered again), said beside it until the page is left.
  const [notices, setNotices] = useState<Record<string, UndoNotice>>({});
  const noticeFor = (id: string) => (notice: UndoNotice) => setNotices((all) => ({ ...all, [id]: notice }));

  useEffect(() => {
    if (orders.isError) toast.error(t('common.error'), { description: t('orders.failed') });
  }, [orders.isError, t]);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('footer.myOrders')}</h1>
      {orders.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label={t('orders.loading')}>
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      ) : !orders.data || orders.data.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <PackageOpen aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
          <h2 className="mt-4 text-xl font-semibold text-slate-900">{t('orders.none')}</h2>
          <p className="mt-1 text-slate-600">{t('orders.noneHint')}</p>
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
            {t('wishlist.browse')}
          </Link>
        </div>
      ) : (
        <ul className="space-y-6">
          {orders.data.map((order) => {
            const view = toOrderView(order);
            const notice = notices[view.id];
            return (
              <li key={view.id}>
                <article className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <OrderHeading order={view} awaitingConfirmation={order.cod?.awaitingConfirmation === true} />
                  <OrderItemsTable order={view} />
                  <OrderShipping order={view} />
                  <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
                    <p className="text-base">
                      {t('orders.total')} <span className="font-bold">{formatPrice(view.total)}</span>
                    </p>
                    {order.cod?.awaitingConfirmation ? (
                      <CodConfirm order={order} />
                    ) : isPending(view.status) ? (
                      <Link
                        to={`/payment?orderId=${encodeURIComponent(view.id)}`}
                        className={buttonClasses('primary', 'md')}
                      >
                        {t('orders.payNow')}
                      </Link>
                    ) : null}
                    {canCancel(view.status) ? (
                      <CancelOrderButton order={order} onCancelled={noticeFor(view.id)} />
                    ) : null}
                    {canOrderAgain(view.status) ? <OrderAgainButton order={order} onDone={noticeFor(view.id)} /> : null}
                    <InvoiceDownload orderId={view.id} documents={view.documents} />
                  </div>
                  {notice ? <UndoNoticeLine notice={notice} /> : null}
                  <OrderTimelineToggle orderId={view.id} />
                  {order.status === OrderStatus.Delivered ? <ReturnSection order={order} /> : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface UndoNotice {
  message: string;
  cartBack: boolean;
}

/** What the shopper just did to an order, and the way to the cart when its items are there. */
function UndoNoticeLine({ notice }: { notice: UndoNotice }) {
  const t = useT();
  return (
    <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
      {notice.message}
      {notice.cartBack ? (
        <>
          {' '}
          <Link to="/cart" className="font-medium text-brand-700 underline">
            {t('orders.viewCart')}
          </Link>
        </>
      ) : null}
    </p>
  );
}
