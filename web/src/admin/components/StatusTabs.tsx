import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** One tab of a list filtered by status; `status` undefined is the tab that shows them all. */
export interface StatusTab<S extends string> {
  status: S | undefined;
  label: string;
}

/**
 * The status tabs above a back-office list (returns, reviews …): links that keep the status in the
 * address (`?status=…`, `all` for everything), each with its count once the list has loaded.
 */
export function StatusTabs<S extends string>({
  label,
  tabs,
  current,
  counts,
}: {
  /** What the tabs choose, for screen readers ("Return status"). */
  label: string;
  tabs: StatusTab<S>[];
  current: S | undefined;
  counts: Partial<Record<S, number>> | undefined;
}) {
  return (
    <nav aria-label={label} className="-mx-1 flex flex-wrap gap-1">
      {tabs.map((tab) => {
        const isCurrent = tab.status === current;
        return (
          <Link
            key={tab.label}
            to={{ search: `status=${tab.status ?? 'all'}` }}
            aria-current={isCurrent ? 'page' : undefined}
            className={cn(
              'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium',
              isCurrent ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {tab.label}
            {tab.status && counts ? (
              <span className="rounded-full px-1.5 text-xs tabular-nums">{counts[tab.status] ?? 0}</span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

/** The status the address asks for: a tab's, everything for `all`, else the first tab's (the work to do). */
export function statusFromAddress<S extends string>(tabs: StatusTab<S>[], value: string | null): S | undefined {
  return tabs.find((tab) => tab.status === value)?.status ?? (value === 'all' ? undefined : tabs[0]?.status);
}
