import { cn } from '@/lib/cn';
import { ratingWords } from '../reviews';

/** Five stars filled to the average (to the nearest half, rounded down), and the count beside them. */
export function RatingStars({
  average,
  count,
  className,
  showCount = true,
}: {
  average: number;
  count: number;
  className?: string;
  showCount?: boolean;
}) {
  const filled = Math.round(average);
  return (
    <p className={cn('flex items-center gap-1 text-sm text-slate-600', className)}>
      <span className="sr-only">{ratingWords(average, count)}</span>
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {'★'.repeat(filled)}
        <span className="text-slate-300">{'★'.repeat(5 - filled)}</span>
      </span>
      {showCount ? (
        <span aria-hidden="true">
          {average.toFixed(1)} ({count})
        </span>
      ) : null}
    </p>
  );
}
