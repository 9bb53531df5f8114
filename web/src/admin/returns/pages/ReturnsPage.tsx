import { RETURN_STATUS_LABELS, type ReturnStatus } from '@netkart/contract';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, Skeleton } from '@/components/ui';
import { type StatusTab, StatusTabs, statusFromAddress } from '../../components/StatusTabs';
import { useTitle } from '../../lib/use-title';
import { useReturnList } from '../api';
import { ReturnCard } from '../components/ReturnCard';

const TABS: StatusTab<ReturnStatus>[] = [
  { status: 'requested', label: 'To decide' },
  { status: 'approved', label: RETURN_STATUS_LABELS.approved },
  { status: 'pickup-booked', label: RETURN_STATUS_LABELS['pickup-booked'] },
  { status: 'received', label: RETURN_STATUS_LABELS.received },
  { status: 'refused', label: RETURN_STATUS_LABELS.refused },
  { status: undefined, label: 'All' },
];

/** Shoppers' returns and exchanges, newest first: those to decide on, then each further step. */
export function ReturnsPage() {
  useTitle('Returns');
  const [params] = useSearchParams();
  const status = statusFromAddress(TABS, params.get('status'));
  const list = useReturnList(status);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Returns</h1>
      <StatusTabs label="Return status" tabs={TABS} current={status} counts={list.data?.counts} />
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
