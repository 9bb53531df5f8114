import type { AdminDashboard } from '@netkart/contract';
import { type ReactNode, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Boxes, Download, IndianRupee, Truck, Undo2 } from '@/components/icons';
import { buttonClasses, Input, Label, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/money';
import { useMay } from '../../auth/session';
import { GstReportDownloads } from '../../books/GstReportDownloads';
import { LoadProblem } from '../../components/LoadProblem';
import { adminUrl } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';
import { indiaToday, useDashboard } from '../api';
import { FiguresChart } from '../components/FiguresChart';

const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;
const ordersWord = (count: number) => `${count} paid ${count === 1 ? 'order' : 'orders'}`;

/** The back office's home: the money, and the work waiting. */
export function HomePage() {
  // The catalogue role's work starts at the products (the figures are the orders').
  return useMay('orders.read') ? <Home /> : <Navigate to="/admin/products" replace />;
}

function Home() {
  useTitle('Home');
  const dashboard = useDashboard();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Home</h1>
      {dashboard.isError && !dashboard.data ? (
        <LoadProblem error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : !dashboard.data ? (
        <div role="status" aria-label="Loading the figures" className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : (
        <Dashboard data={dashboard.data} />
      )}
      <OrdersExport />
      <GstReportDownloads today={indiaToday()} />
    </div>
  );
}

function Dashboard({ data }: { data: AdminDashboard }) {
  return (
    <>
      <section aria-label="Sales" className="grid gap-3 sm:grid-cols-2">
        <Figures title="Today" figures={data.today} />
        <Figures title="This month" figures={data.month} />
      </section>
      {data.testOrders > 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {data.testOrders} {data.testOrders === 1 ? 'order' : 'orders'} paid on the sandbox gateway in the last 30 days{' '}
          {data.testOrders === 1 ? 'is' : 'are'} left out of these figures: sandbox payments are tests, no money moved.
        </p>
      ) : null}

      <section aria-labelledby="waiting-heading" className="space-y-2">
        <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900">
          Waiting for you
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <WorkLink to="/admin/orders?status=0" label="Waiting for payment" count={data.awaitingPayment}>
            <IndianRupee aria-hidden="true" className="h-5 w-5" />
          </WorkLink>
          <WorkLink to="/admin/orders?status=1" label="To ship" count={data.awaitingShipping}>
            <Truck aria-hidden="true" className="h-5 w-5" />
          </WorkLink>
          <WorkLink to="/admin/refunds" label="Needs refund" count={data.needsRefund} alarm={data.needsRefund > 0}>
            <Undo2 aria-hidden="true" className="h-5 w-5" />
          </WorkLink>
          <WorkLink to="/admin/products?stock=low" label="Low on stock" count={data.lowStock.count}>
            <Boxes aria-hidden="true" className="h-5 w-5" />
          </WorkLink>
        </ul>
        {data.lowStock.products.length > 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <h3 className="text-sm font-semibold text-slate-900">
              Low on stock ({data.lowStock.threshold} or fewer left)
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {data.lowStock.products.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2">
                  <Link
                    to={productPath(product.id)}
                    className="min-w-0 truncate font-medium text-brand-700 hover:underline"
                  >
                    {product.title}
                  </Link>
                  <span
                    className={cn('shrink-0 tabular-nums', product.stock === 0 ? 'text-red-700' : 'text-slate-700')}
                  >
                    {product.stock === 0 ? 'Out of stock' : `${product.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="days-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="days-heading" className="text-lg font-semibold text-slate-900">
          The last 30 days
        </h2>
        <FiguresChart days={data.days} />
      </section>
    </>
  );
}

function Figures({ title, figures }: { title: string; figures: AdminDashboard['today'] }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatPrice(figures.revenue)}</p>
      <p className="text-sm text-slate-700">{ordersWord(figures.orders)}</p>
    </section>
  );
}

function WorkLink(props: { to: string; label: string; count: number; alarm?: boolean; children: ReactNode }) {
  return (
    <li>
      <Link
        to={props.to}
        className={cn(
          'flex min-h-14 items-center gap-3 rounded-xl border bg-white px-4 py-3 text-sm font-medium hover:bg-slate-50',
          props.alarm ? 'border-red-300 text-red-800' : 'border-slate-200 text-slate-800',
        )}
      >
        {props.children}
        <span className="flex-1">{props.label}</span>{' '}
        <span className="rounded-full bg-slate-100 px-2 text-base font-semibold tabular-nums">{props.count}</span>
      </Link>
    </li>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The orders of a span of days as a CSV file, for the accounts. */
function OrdersExport() {
  const today = indiaToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const ready = DAY.test(from) && DAY.test(to) && from <= to;
  return (
    <section aria-labelledby="export-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
        Orders CSV
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-36 flex-1 space-y-1.5 sm:flex-none">
          <Label htmlFor="export-from">From</Label>
          <Input
            id="export-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="min-w-36 flex-1 space-y-1.5 sm:flex-none">
          <Label htmlFor="export-to">To</Label>
          <Input
            id="export-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <a
          href={ready ? adminUrl('/orders/export.csv', { from, to }) : undefined}
          download
          aria-disabled={!ready}
          className={buttonClasses('outline')}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download orders CSV
        </a>
      </div>
      {!ready ? <p className="text-sm text-red-700">Choose a From day on or before the To day.</p> : null}
    </section>
  );
}
