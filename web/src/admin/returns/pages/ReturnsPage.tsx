import { RETURN_STATUS_LABELS, type ReturnStatus } from '@netkart/contract';
import { Link, useSearchParams } from 'react-router';
import { Button, EmptyState, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useTitle } from '../../lib/use-title';
import { useReturnList } from '../api';
import { ReturnCard } from '../components/ReturnCard';

const TABS: Array<{ status: ReturnStatus | undefined; label: string }> = [
  { status: 'requested', label: 'To decide' },
  { status: 'approved', label: RETURN_STATUS_LABELS.approved },
  { status: 'pickup-booked', label: RETURN_STATUS_LABELS['pickup-booked'] },
  { status: 'received', label: RETURN_STATUS_LABELS.received },
  { status: 'refused', label: RETURN_STATUS_LABELS.refused },
  { status: undefined, label: 'All' },
];

const statusOf = (value: string | null): ReturnStatus | undefined =>
  TABS.find((tab) => tab.status === value)?.status ?? (value === 'all' ? undefined : 'requested');

/** Shoppers' returns and exchanges, newest first: those to decide on, then each further step. */
export function ReturnsPage() {
  useTitle('Returns');
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const list = useReturnList(status);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Returns</h1>
      <nav aria-label="Return status" className="-mx-1 flex flex-wrap gap-1">
        {TABS.map((tab) => {
          const current = tab.status === status;
          return (
            <Link
              key={tab.label}
              to={{ search: `status=${tab.status ?? 'all'}` }}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium',
                current ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
              )}
            >
              {tab.label}
              {tab.status && list.data ? (
                <span className="rounded-full px-1.5 text-xs tabular-nums">{list.data.counts[tab.status] ?? 0}</span>
              ) : null}
            </Link>
          );
        })}
      </nav>
      {list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : !list.data ? (
        <div role="status" aria-label="Loading returns" className="space-y-2">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No returns here" description="Returns shoppers ask from My Orders show here." />
      ) : (
        <div className="space-y-3">
          {list.data.data.map((each) => (
            <ReturnCard key={each.id} value={each} customer={each.customer} />
          ))}
        </div>
      )}
    </div>
  );
}
