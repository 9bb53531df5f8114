import type { AdminOrderSummary } from '@netkart/contract';
import { OrderStatus } from '@netkart/contract';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses, EmptyState, Input, Label, Skeleton } from '@/components/ui';
import { statusLabel } from '@/features/orders/order-status';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { SearchBox } from '../../components/SearchBox';
import { useTitle } from '../../lib/use-title';
import { useOrderList } from '../api';
import { CodMark, StatusBadge, TestMark } from '../components/StatusBadge';
import { type ListState, pageCount, readListState, writeListState } from '../list-state';

const TABS: Array<number | undefined> = [
  undefined,
  OrderStatus.Pending,
  OrderStatus.Processing,
  OrderStatus.Shipped,
  OrderStatus.Delivered,
  OrderStatus.Cancelled,
];

export function OrdersPage() {
  useTitle('Orders');
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const list = useOrderList(state);
  const show = (next: Partial<ListState>) => setParams(writeListState({ ...state, page: 1, ...next }));

  const counts = list.data?.counts ?? {};
  const countOf = (status: number | undefined) =>
    status === undefined ? Object.values(counts).reduce((sum, count) => sum + count, 0) : (counts[String(status)] ?? 0);
  const pages = list.data ? pageCount(list.data.total, list.data.limit) : 1;

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Orders</h1>

      <nav aria-label="Order status" className="-mx-1 flex flex-wrap gap-1">
        {TABS.map((status) => {
          const current = state.status === status;
          const label = status === undefined ? 'All' : statusLabel(status);
          return (
            <Link
              key={label}
              to={{ search: writeListState({ ...state, status, page: 1 }).toString() }}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium',
                current ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
              )}
            >
              {label}{' '}
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  current ? 'bg-white/20' : 'bg-slate-100 text-slate-700',
                )}
              >
                {list.data ? countOf(status) : '…'}
              </span>
            </Link>
          );
        })}
      </nav>

      <Filters state={state} onChange={show} />

      {list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{list.data ? `The list could not be refreshed: ${list.error.message}` : list.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {!list.data ? (
        list.isError ? null : (
          <div role="status" aria-label="Loading orders" className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No orders" description="No order matches these filters." />
      ) : (
        <>
          <OrderTable orders={list.data.data} />
          <OrderCards orders={list.data.data} />
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
            <Button
              variant="outline"
              disabled={state.page <= 1}
              onClick={() => setParams(writeListState({ ...state, page: state.page - 1 }))}
            >
              Previous
            </Button>
            <p className="text-sm text-slate-700">
              Page {state.page} of {pages}
            </p>
            <Button
              variant="outline"
              disabled={state.page >= pages}
              onClick={() => setParams(writeListState({ ...state, page: state.page + 1 }))}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function Filters({ state, onChange }: { state: ListState; onChange: (next: Partial<ListState>) => void }) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox
        id="orders-search"
        label="Search orders"
        placeholder="Order id, name, email, phone or AWB"
        value={state.q}
        onSearch={(q) => onChange({ q })}
      />
      <div className="grid grid-cols-2 gap-2 md:flex">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="orders-from">From</Label>
          <Input
            id="orders-from"
            type="date"
            value={state.from}
            max={state.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="orders-to">To</Label>
          <Input
            id="orders-to"
            type="date"
            value={state.to}
            min={state.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </div>
      </div>
    </div>
  );
}

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

function OrderTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Order
            </th>
            <th scope="col" className="px-3 py-2">
              Placed
            </th>
            <th scope="col" className="px-3 py-2">
              Customer
            </th>
            <th scope="col" className="px-3 py-2">
              City
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Items
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-slate-50">
              <td className="px-3 py-2 font-mono">
                <Link to={orderPath(order.id)} className="font-medium text-brand-700 hover:underline">
                  {order.id}
                </Link>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(order.createdAt)}</td>
              <td className="max-w-64 px-3 py-2">
                <p className="truncate font-medium">{order.fullName}</p>
                <p className="truncate text-slate-600">{order.email}</p>
              </td>
              <td className="px-3 py-2">{order.city}</td>
              <td className="px-3 py-2 text-right tabular-nums">{order.itemCount}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatPrice(order.total)}</td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap gap-1">
                  <StatusBadge status={order.status} />
                  {order.testPayment ? <TestMark /> : null}
                  {order.cod ? <CodMark /> : null}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <ul className="space-y-2 md:hidden">
      {orders.map((order) => (
        <li key={order.id} className="rounded-xl border border-slate-200 bg-white p-3">
          <div className="flex items-start justify-between gap-2">
            <Link
              to={orderPath(order.id)}
              className={cn(buttonClasses('ghost', 'sm'), '-ml-3 font-mono text-brand-700')}
            >
              {order.id}
            </Link>
            <span className="flex flex-wrap justify-end gap-1">
              <StatusBadge status={order.status} />
              {order.testPayment ? <TestMark /> : null}
              {order.cod ? <CodMark /> : null}
            </span>
          </div>
          <p className="truncate text-sm font-medium">{order.fullName}</p>
          <p className="truncate text-sm text-slate-600">{order.email}</p>
          <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-sm text-slate-700">
            <span>
              {order.city} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
            </span>
            <span className="font-semibold tabular-nums">{formatPrice(order.total)}</span>
          </div>
          <p className="text-xs text-slate-500">{formatDateTime(order.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}
