import type { Order } from '@netkart/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, Clock } from '@/components/icons';
import { buttonClasses, Skeleton } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useOrder } from '../api';
import { OrderSummary } from '../components/OrderSummary';
import { isCancelled, isPaid, isPending } from '../order-status';

const THANK_YOU = 'Thank you for your order!';

/** Says only what the order shows: "received" for a paid order, never for one still awaiting payment. */
export default function OrderSuccessPage() {
  usePageMeta('Order Confirmation');
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  const { user, loading } = useAuth();
  const order = useOrder(orderId, { enabled: !!user });

  if (loading || (user && orderId && order.isPending)) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-20" role="status" aria-busy="true" aria-label="Loading order">
        <Skeleton className="mx-auto h-16 w-16 rounded-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  }
  if (!order.data) return <NeutralThanks orderId={orderId} />;
  return <OrderOutcome order={order.data} />;
}

function OrderOutcome({ order }: { order: Order }) {
  const payNow = (
    <Link to={`/payment?orderId=${encodeURIComponent(order.id)}`} className={buttonClasses('primary', 'md')}>
      Pay Now
    </Link>
  );
  let content: { icon: ReactNode; title: string; message: string; action?: ReactNode };
  if (isPaid(order.status)) {
    content = {
      icon: <CircleCheck aria-hidden="true" className="mx-auto h-16 w-16 text-green-600" />,
      title: THANK_YOU,
      message: `We have received your payment for order #${order.id}.`,
    };
  } else if (isCancelled(order.status)) {
    content = {
      icon: <CircleX aria-hidden="true" className="mx-auto h-16 w-16 text-red-600" />,
      title: 'This order was cancelled',
      message: `Order #${order.id} was cancelled.${order.cancelReason ? ` Reason: ${order.cancelReason}` : ''}`,
    };
  } else {
    content = {
      icon: <Clock aria-hidden="true" className="mx-auto h-16 w-16 text-amber-600" />,
      title: THANK_YOU,
      message: isPending(order.status)
        ? `Payment for order #${order.id} is still pending. Your order ships once it is paid.`
        : `Order #${order.id} is in My Orders, where you can follow its status.`,
      action: isPending(order.status) ? payNow : undefined,
    };
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="text-center">
        {content.icon}
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{content.title}</h1>
        <p className="mt-2 text-slate-700">{content.message}</p>
      </div>
      <OrderSummary order={order} className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" />
      <Links first={content.action} />
    </div>
  );
}

/** Signed out, or the order cannot be read: thanks, and nothing claimed about its payment. */
function NeutralThanks({ orderId }: { orderId: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-16 w-16 text-slate-400" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{THANK_YOU}</h1>
      <p className="mt-2 text-slate-700">
        {orderId ? `Your order number is #${orderId}. ` : ''}See its status in My Orders, or track it with the order
        number and your email or phone.
      </p>
      <Links
        first={
          <Link
            to={orderId ? `/track-order?id=${encodeURIComponent(orderId)}` : '/track-order'}
            className={buttonClasses('outline', 'md')}
          >
            Track Your Order
          </Link>
        }
      />
    </div>
  );
}

/** The spec's links to /orders and /, after the page's own first step. */
function Links({ first }: { first?: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      {first}
      <Link to="/orders" className={buttonClasses(first ? 'outline' : 'primary', 'md')}>
        View My Orders
      </Link>
      <Link to="/" className={buttonClasses('outline', 'md')}>
        Continue Shopping
      </Link>
    </div>
  );
}
