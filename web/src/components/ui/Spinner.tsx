import { Loader2 } from '@/components/icons';
import { cn } from '@/lib/cn';

export interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit inside a button that already says what is happening. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('h-5 w-5 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
