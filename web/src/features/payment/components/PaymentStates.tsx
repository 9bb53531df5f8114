import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleAlert, CircleCheck, CircleX, Info } from '@/components/icons';
import { Button, buttonClasses, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';

/** The payment page's frames and notices: loading, a problem, a failed attempt, the layout beside the order. */
export function PaymentLoading() {
  const t = useT();
  return (
    <div
      className="mx-auto max-w-xl space-y-4 px-4 py-10"
      role="status"
      aria-busy="true"
      aria-label={t('payment.loading')}
    >
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}

export function PaymentError({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <CircleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-500" />
      <p role="alert" className="mt-4 text-lg text-slate-800">
        {message}
      </p>
      <Link to="/checkout" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('payment.backToCheckout')}
      </Link>
    </div>
  );
}

/** The page's main column beside the order being paid for (above it on a phone). */
export function PaymentLayout({ children, summary }: { children: ReactNode; summary: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="min-w-0">{children}</div>
      <aside className="order-first rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:order-none">
        {summary}
      </aside>
    </div>
  );
}

/** An order that cannot be paid here: why, and the way to the shopper's orders. */
export function PaymentNotice({
  title,
  tone = 'info',
  summary,
  actions,
  children,
}: {
  title: string;
  tone?: 'info' | 'success';
  summary: ReactNode;
  /** Shown beside the way to My Orders (a cancelled order's Order again). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const Icon = tone === 'success' ? CircleCheck : Info;
  return (
    <PaymentLayout summary={summary}>
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <Icon
          aria-hidden="true"
          className={cn('mx-auto h-12 w-12', tone === 'success' ? 'text-green-600' : 'text-brand-600')}
        />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p role="status" className="mt-2 text-slate-700">
          {children}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {actions}
          <Link to="/orders" className={buttonClasses(actions ? 'outline' : 'primary', 'md')}>
            {t('success.myOrders')}
          </Link>
        </div>
      </div>
    </PaymentLayout>
  );
}

export function PaymentFailed({
  reason,
  onRetry,
  summary,
  actions,
}: {
  reason: string;
  onRetry(): void;
  summary: ReactNode;
  /** Another way out of a failed payment: cancelling the order, its items back in the cart. */
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <PaymentLayout summary={summary}>
      <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-red-200">
        <CircleX aria-hidden="true" className="mx-auto h-12 w-12 text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('payment.failed')}</h1>
        {reason ? <p className="mt-2 text-slate-700">{reason}</p> : null}
        <p className="mt-2 text-sm text-slate-600">{t('payment.stillWaiting')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onRetry}>{t('payment.retry')}</Button>
          {actions}
          <Link to="/orders" className={buttonClasses('outline', 'md')}>
            {t('success.myOrders')}
          </Link>
        </div>
      </div>
    </PaymentLayout>
  );
}
