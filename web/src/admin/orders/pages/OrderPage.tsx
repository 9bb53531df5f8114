import { type AdminOrder, INVOICE_COPIES } from '@netkart/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, FileDown, Printer } from '@/components/icons';
import { Badge, Button, buttonClasses, Skeleton } from '@/components/ui';
import { OrderTimeline } from '@/features/orders/components/OrderTimeline';
import { statusLabel } from '@/features/orders/order-status';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { useSession } from '../../auth/session';
import { EwayBillPanel } from '../../books/EwayBillPanel';
import { adminUrl } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';
import { RefundSummary } from '../../refunds/RefundSummary';
import { useOrderReturns } from '../../returns/api';
import { OrderReturns } from '../../returns/components/ReturnCard';
import { useOrder } from '../api';
import { CodPanel } from '../components/CodPanel';
import { OrderActions } from '../components/OrderActions';
import { optionsOf, PackingSlip } from '../components/PackingSlip';
import { StatusBadge, TestMark } from '../components/StatusBadge';

export function OrderPage() {
  const { id = '' } = useParams();
  useTitle(`Order ${id}`);
  const session = useSession();
  const order = useOrder(id);

  if (order.isPending) {
    return (
      <div role="status" aria-label="Loading the order" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!order.data) {
    return (
      <div className="space-y-4">
        <BackToOrders />
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{order.error?.message}</p>
          <Button variant="outline" size="sm" onClick={() => order.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const data = order.data;
  return (
    <>
      <div className="space-y-5 print:hidden">
        <BackToOrders />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-bold break-words text-slate-900">
              Order <span className="font-mono">{data.id}</span>
            </h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <StatusBadge status={data.status} />
              {data.payments.some((payment) => payment.test) ? <TestMark /> : null}
              <span>Placed {formatDateTime(data.createdAt)}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <InvoiceLinks order={data} />
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="h-4 w-4" />
              Print packing slip
            </Button>
          </div>
        </div>
        <OrderActions order={data} onReload={() => order.refetch()} />
        {data.cancelReason ? <p className="text-sm text-slate-700">Cancelled: {data.cancelReason}</p> : null}

        <div className="grid gap-5 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            <Items order={data} />
            <Payments order={data} />
            <Refunds order={data} />
            <Timeline order={data} />
            <ReturnsOfOrder orderId={data.id} />
          </div>
          <div className="space-y-5">
            <CodPanel order={data} onReload={() => order.refetch()} />
            <EwayBillPanel order={data} />
            <Panel title="Shopper">
              <p className="break-words">
                <a href={`mailto:${data.email}`} className="text-brand-700 hover:underline">
                  {data.email}
                </a>
              </p>
              <p>
                <a
                  href={`tel:${data.shippingAddress.phone.replace(/[^\d+]/g, '')}`}
                  className="text-brand-700 hover:underline"
                >
                  {data.shippingAddress.phone}
                </a>
              </p>
            </Panel>
            <Panel title="Ship to">
              <address className="not-italic break-words">
                <span className="block font-medium">{data.shippingAddress.fullName}</span>
                <span className="block whitespace-pre-line">{data.shippingAddress.address}</span>
                <span className="block">
                  {data.shippingAddress.city}, {data.shippingAddress.state} {data.shippingAddress.postalCode}
                </span>
              </address>
              <p className="text-slate-600">{data.shippingMethod}</p>
            </Panel>
            {data.courier || data.trackingNumber || data.trackingUrl ? (
              <Panel title="Tracking">
                {data.courier ? <p>Courier: {data.courier}</p> : null}
                {data.trackingNumber ? <p className="break-words">Tracking number: {data.trackingNumber}</p> : null}
                {data.trackingUrl ? (
                  <p className="break-all">
                    <a
                      href={data.trackingUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="text-brand-700 hover:underline"
                    >
                      {data.trackingUrl}
                    </a>
                  </p>
                ) : null}
              </Panel>
            ) : null}
          </div>
        </div>
      </div>
      <PackingSlip order={data} storeName={session.store.name} />
    </>
  );
}

function BackToOrders() {
  return (
    <Link to="/admin/orders" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Orders
    </Link>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={cn('space-y-1 rounded-xl border border-slate-200 bg-white p-4 text-sm', className)}
    >
      <h2 className="mb-2 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Items({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Items">
      <ul className="divide-y divide-slate-100">
        {order.items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words">{item.productTitle}</p>
              {optionsOf(item) ? <p className="text-slate-600">{optionsOf(item)}</p> : null}
              <p className="text-slate-600">
                {item.quantity} × {formatPrice(item.price)}
              </p>
            </div>
            <p className="font-medium tabular-nums">{formatPrice(item.price * item.quantity)}</p>
          </li>
        ))}
        {order.charges.map((charge) => (
          <li key={charge.kind} className="flex justify-between gap-x-4 py-2">
            <p className="text-slate-600">{charge.label}</p>
            <p className="font-medium tabular-nums">{formatPrice(charge.amount)}</p>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatPrice(order.total)}</span>
      </p>
    </Panel>
  );
}

function Payments({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Payments">
      {order.payments.length === 0 ? (
        <p className="text-slate-600">No payment recorded.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {order.payments.map((payment) => (
            <li
              key={`${payment.provider}:${payment.reference}`}
              className={cn('space-y-1 py-2', payment.needsRefund && 'rounded-lg bg-red-50 px-2 text-red-900')}
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium uppercase">{payment.provider}</span>
                <Badge tone={payment.status === 'success' ? 'green' : payment.status === 'failed' ? 'red' : 'yellow'}>
                  {payment.status}
                </Badge>
                {payment.test ? <TestMark /> : null}
                <span className="ml-auto font-medium tabular-nums">{formatPrice(payment.amount)}</span>
              </p>
              <p className="break-all">
                Reference: <span className="font-mono">{payment.reference}</span>
              </p>
              <p className="text-slate-600">{formatDateTime(payment.createdAt)}</p>
              {payment.givenByShopper ? (
                <p className="text-amber-800">The shopper gave this UTR: check it arrived, then confirm the payment.</p>
              ) : null}
              {payment.refund ? (
                <p className="font-medium">
                  Refund{' '}
                  {payment.refund.status === 'processed'
                    ? 'processed'
                    : payment.refund.status === 'failed'
                      ? 'failed'
                      : 'started'}
                  : <span className="tabular-nums">{formatPrice(payment.refund.amount)}</span> (
                  <span className="font-mono">{payment.refund.reference}</span>)
                </p>
              ) : null}
              {payment.needsRefund ? (
                <p className="font-semibold">Needs refund{payment.refundReason ? `: ${payment.refundReason}` : ''}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The refunds the order owes or made; one to make by hand is recorded on the Refunds page. */
function Refunds({ order }: { order: AdminOrder }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  const owed = refunds.some((refund) => refund.status === 'due' || refund.status === 'failed');
  return (
    <Panel title="Refunds">
      <ul className="divide-y divide-slate-100">
        {refunds.map((refund) => (
          <li key={refund.id} className="py-2">
            <RefundSummary refund={refund} linkOrder={false} />
          </li>
        ))}
      </ul>
      {owed ? (
        <p className="mt-2">
          <Link to="/admin/refunds" className="font-medium text-brand-700 hover:underline">
            Record the refund on the Refunds page
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
/** Courier cancellation, as staff need to know it (the shopper's timeline tells only one that was done). */
const CANCELLATION_WORDS = {
  due: 'Being cancelled with the courier',
  done: 'Cancelled with the courier',
  failed: 'Not cancelled with the courier: cancel it in its panel',
} as const;

function Timeline({ order }: { order: AdminOrder }) {
  const cancellation = order.courierCancellation;
  return (
    <Panel title="Timeline">
      {order.timeline?.length ? <OrderTimeline timeline={order.timeline} className="mb-4" /> : null}
      {cancellation ? (
        <p className={cn('mb-4', cancellation.state === 'failed' ? 'text-red-800' : 'text-slate-700')}>
          {CANCELLATION_WORDS[cancellation.state]}
          {cancellation.result ? ` (${cancellation.result})` : ''}
          {cancellation.state === 'due' ? `; tried ${cancellation.attempts} time(s), tried again by itself.` : '.'}
        </p>
      ) : null}
      <h3 className="font-semibold text-slate-900">Status changes</h3>
      <ol className="space-y-3">
        {order.events.map((event) => (
          <li key={`${event.createdAt}:${event.toStatus}`} className="border-l-2 border-slate-200 pl-3">
            <p className="font-medium">
              {event.fromStatus === null
                ? `Placed: ${statusLabel(event.toStatus)}`
                : `${statusLabel(event.fromStatus)} → ${statusLabel(event.toStatus)}`}
            </p>
            <p className="text-slate-600">
              {event.actor} · {formatDateTime(event.createdAt)}
            </p>
            {event.note ? <p className="break-words text-slate-700">{event.note}</p> : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

const DOCUMENT_LABELS: Record<AdminOrder['documents'][number]['type'], string> = {
  'tax-invoice': 'Download invoice',
  receipt: 'Download receipt',
  'credit-note': 'Download credit note',
};

/**
 * The documents issued for the order — its invoice (or receipt) when it was paid, its credit note
 * when it was cancelled after that — as links the browser downloads with the session cookie.
 */
function InvoiceLinks({ order }: { order: AdminOrder }) {
  const id = encodeURIComponent(order.id);
  return (
    <>
      {order.documents.map((document) => (
        <a
          key={document.number}
          href={adminUrl(`/orders/${id}/${document.type === 'credit-note' ? 'credit-note' : 'invoice'}`)}
          download
          title={document.number}
          className={buttonClasses('outline')}
        >
          <FileDown aria-hidden="true" className="h-4 w-4" />
          {DOCUMENT_LABELS[document.type]}
        </a>
      ))}
      {/* Rule 48: the transporter's and the supplier's copies of a tax invoice. */}
      {order.documents
        .filter((document) => document.type === 'tax-invoice')
        .flatMap((document) =>
          (['duplicate', 'triplicate'] as const).map((copy) => (
            <a
              key={`${document.number}:${copy}`}
              href={adminUrl(`/orders/${id}/invoice`, { copy })}
              download
              title={`${document.number}, ${INVOICE_COPIES[copy]}`}
              className={buttonClasses('outline')}
            >
              <FileDown aria-hidden="true" className="h-4 w-4" />
              {copy === 'duplicate' ? 'Duplicate (transporter)' : 'Triplicate (supplier)'}
            </a>
          )),
        )}
    </>
  );
}

/** The order's returns, each with its next step. */
function ReturnsOfOrder({ orderId }: { orderId: string }) {
  const returns = useOrderReturns(orderId);
  return returns.data ? <OrderReturns returns={returns.data.data} /> : null;
}
