import type { AdminActivityEntry } from '@netkart/contract';
import { useSearchParams } from 'react-router';
import { EmptyState, Skeleton } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '../../auth/session';
import { LoadProblem } from '../../components/LoadProblem';
import { Pager } from '../../components/Pager';
import { OWNERS_ONLY } from '../../lib/owners';
import { useTitle } from '../../lib/use-title';
import { pageCount } from '../../orders/list-state';
import { actionWords, changesOf } from '../activity-words';
import { useActivity } from '../api';

/** Who changed what, when: an owner's page. */
export function ActivityPage() {
  useTitle('Activity');
  const session = useSession();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Activity</h1>
      {session.role === 'owner' ? (
        <ActivityLog />
      ) : (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          {OWNERS_ONLY}
        </p>
      )}
    </div>
  );
}

function ActivityLog() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page') ?? '');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const activity = useActivity(page);
  if (!activity.data) {
    return activity.isError ? (
      <LoadProblem error={activity.error} onRetry={() => activity.refetch()} />
    ) : (
      <div role="status" aria-label="Loading the activity" className="space-y-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (activity.data.data.length === 0)
    return (
      <EmptyState
        title="Nothing yet"
        description="Changes made in the back office and by the store command show here."
      />
    );
  const pages = pageCount(activity.data.total, activity.data.limit);
  return (
    <>
      <ol
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        aria-label="Changes, newest first"
      >
        {activity.data.data.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: log entries carry no id, and two may share their time and subject
          <Entry key={`${entry.createdAt}:${entry.action}:${entry.subject}:${index}`} entry={entry} />
        ))}
      </ol>
      <Pager
        page={page}
        pages={pages}
        onPage={(next) => setParams(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams())}
      />
    </>
  );
}

function Entry({ entry }: { entry: AdminActivityEntry }) {
  const changes = changesOf(entry.before, entry.after);
  return (
    <li className="grid gap-1 p-3 text-sm md:grid-cols-[11rem_1fr_2fr] md:gap-4">
      <time dateTime={entry.createdAt} className="text-slate-600">
        {formatDateTime(entry.createdAt)}
      </time>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{actionWords(entry.action)}</p>
        <p className="break-words text-slate-600">{entry.actor}</p>
      </div>
      <div className="min-w-0 space-y-0.5">
        <p className="font-mono text-xs break-all text-slate-700">{entry.subject}</p>
        {changes.length > 0 ? (
          <ul className="text-slate-700">
            {changes.map((change) => (
              <li key={change.key} className="break-words">
                {change.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
