import type { Order } from '@netkart/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, Clock, PackageSearch } from '@/components/icons';
import { Button, buttonClasses, Skeleton } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { OrderHelp } from '@/features/store-info/components/OrderHelp';
import { usePageMeta } from '@/features/store-info/page-meta';
import { isNotFound } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useOrder } from '../api';
import { CodConfirm } from '../components/CodConfirm';
import { OrderSummary } from '../components/OrderSummary';
import { isCancelled, isPaid, isPending } from '../order-status';

/**
 * Says only what the order shows: "received" for a paid order, never for one still awaiting payment,
 * and no thanks at all for an order it could not read (made up, another's, or signed out).
 */
export default function OrderSuccessPage() {
  const t = useT();
  usePageMeta(t('success.pageTitle'));
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  const { user, loading } = useAuth();
  const order = useOrder(orderId, { enabled: !!user });

  if (loading || (user && orderId && order.isPending)) {
    return (
      <div
        className="mx-auto max-w-xl space-y-4 px-4 py-20"
        role="status"
        aria-busy="true"
        aria-label={t('success.loading')}
      >
        <Skeleton className="mx-auto h-16 w-16 rounded-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  }
  if (order.data) return <OrderOutcome order={order.data} />;
  if (!orderId) return <NoOrder />;
  if (!user) return <SignInToSee orderId={orderId} />;
  if (isNotFound(order.error)) return <NotThisShoppersOrder orderId={orderId} />;
  return <OrderNotLoaded orderId={orderId} onRetry={() => order.refetch()} />;
}

function OrderOutcome({ order }: { order: Order }) {
  const t = useT();
  const THANK_YOU = t('success.thanks');
  const payNow = (
    <Link to={`/payment?orderId=${encodeURIComponent(order.id)}`} className={buttonClasses('primary', 'md')}>
      {t('success.payNow')}
    </Link>
  );
  let content: { icon: ReactNode; title: string; message: string; action?: ReactNode };
  if (order.cod?.awaitingConfirmation) {
    content = {
      icon: <Clock aria-hidden="true" className="mx-auto h-16 w-16 text-amber-600" />,
      title: THANK_YOU,
      message: t('success.codAwaiting', { id: order.id }),
    };
  } else if (order.cod && isPaid(order.status)) {
    content = {
      icon: <CircleCheck aria-hidden="true" className="mx-auto h-16 w-16 text-green-600" />,
      title: THANK_YOU,
      message: t('success.codConfirmed', { id: order.id }),
    };
  } else if (isPaid(order.status)) {
    content = {
      icon: <CircleCheck aria-hidden="true" className="mx-auto h-16 w-16 text-green-600" />,
      title: THANK_YOU,
      message: t('success.paid', { id: order.id }),
    };
  } else if (isCancelled(order.status)) {
    content = {
      icon: <CircleX aria-hidden="true" className="mx-auto h-16 w-16 text-red-600" />,
      title: t('success.cancelledTitle'),
      message: order.cancelReason
        ? t('success.cancelledReason', { id: order.id, reason: order.cancelReason })
        : t('success.cancelled', { id: order.id }),
    };
  } else {
    content = {
      icon: <Clock aria-hidden="true" className="mx-auto h-16 w-16 text-amber-600" />,
      title: THANK_YOU,
      message: isPending(order.status)
        ? t('success.pending', { id: order.id })
        : t('success.inMyOrders', { id: order.id }),
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
      {order.cod?.awaitingConfirmation ? (
        <div className="mt-6">
          <CodConfirm order={order} />
        </div>
      ) : null}
      <OrderSummary order={order} className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" />
      <Links first={content.action} />
    </div>
  );
}

/** Never a thank-you for an order the page has not read: what it knows, and the way to track the order. */
function Unconfirmed({
  title,
  message,
  orderId,
  extra,
}: {
  title: string;
  message: string;
  orderId: string;
  extra?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PackageSearch aria-hidden="true" className="mx-auto h-16 w-16 text-slate-400" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      <Links
        first={
          <>
            {extra}
            <Link
              to={orderId ? `/track-order?id=${encodeURIComponent(orderId)}` : '/track-order'}
              className={buttonClasses(extra ? 'outline' : 'primary', 'md')}
            >
              {t('success.track')}
            </Link>
          </>
        }
      />
    </div>
  );
}

/** Signed out, the order cannot be read here: nothing is claimed about it, not even that it exists. */
function SignInToSee({ orderId }: { orderId: string }) {
  const t = useT();
  return (
    <Unconfirmed
      title={t('success.signInTitle')}
      message={t('success.signInText', { id: orderId })}
      orderId={orderId}
      extra={
        <Link
          to="/login"
          state={{ from: { pathname: '/order-success', search: `?orderId=${encodeURIComponent(orderId)}` } }}
          className={buttonClasses('primary', 'md')}
        >
          {t('success.signIn')}
        </Link>
      }
    />
  );
}

/** The server answered that this account has no such order (the same answer whether or not it exists). */
function NotThisShoppersOrder({ orderId }: { orderId: string }) {
  const t = useT();
  return (
    <Unconfirmed
      title={t('success.notFoundTitle')}
      message={t('success.notFoundText', { id: orderId })}
      orderId={orderId}
    />
  );
}

function OrderNotLoaded({ orderId, onRetry }: { orderId: string; onRetry(): void }) {
  const t = useT();
  return (
    <Unconfirmed
      title={t('success.loadFailedTitle')}
      message={t('success.loadFailedText', { id: orderId })}
      orderId={orderId}
      extra={<Button onClick={onRetry}>{t('common.tryAgain')}</Button>}
    />
  );
}

function NoOrder() {
  const t = useT();
  return <Unconfirmed title={t('success.noOrderTitle')} message={t('success.noOrderText')} orderId="" />;
}

/** The spec's links to /orders and /, after the page's own first step. */
function Links({ first }: { first?: ReactNode }) {
  const t = useT();
  return (
    <>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {first}
        <Link to="/orders" className={buttonClasses(first ? 'outline' : 'primary', 'md')}>
          {t('success.myOrders')}
        </Link>
        <Link to="/" className={buttonClasses('outline', 'md')}>
          {t('cart.continue')}
        </Link>
      </div>
      <OrderHelp className="mt-6 text-center" />
    </>
  );
}
