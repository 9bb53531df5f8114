import type { OrderTimelineEntry } from '@netkart/contract';
import { cn } from '@/lib/cn';
import { useDates, useT } from '@/lib/i18n';

/** The steps that end an order's story well or badly: their dot says so at a glance. */
const DONE = new Set(['delivered', 'refunded']);
const STOPPED = new Set(['cancelled', 'rto', 'refund-failed']);

/**
 * An order's timeline, oldest first: each step with its India date and time, its detail (the courier
 * and AWB, the hub, the reason) and the courier's tracking page. Shared by My Orders, the tracking
 * page and the back office.
 */
export function OrderTimeline({ timeline, className }: { timeline: OrderTimelineEntry[]; className?: string }) {
  const t = useT();
  const dates = useDates();
  if (timeline.length === 0) return null;
  return (
    <ol aria-label={t('timeline.label')} className={cn('space-y-3', className)}>
      {timeline.map((entry) => (
        <li
          key={`${entry.at}:${entry.kind}:${entry.label}:${entry.detail ?? ''}`}
          className="relative border-l-2 border-slate-200 pl-4"
        >
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1.5 -left-[5px] h-2 w-2 rounded-full',
              DONE.has(entry.kind) ? 'bg-green-600' : STOPPED.has(entry.kind) ? 'bg-red-600' : 'bg-slate-400',
            )}
          />
          <p className="text-sm font-medium text-slate-900">{entry.label}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
          </p>
          {entry.detail ? <p className="text-sm break-words text-slate-700">{entry.detail}</p> : null}
          {entry.link ? (
            <a
              href={entry.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 underline"
            >
              {t('order.trackParcel')}
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
