import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from '@/components/icons';
import { cn } from '@/lib/cn';
import { controlClasses } from './Input';

/** A styled native select: the platform's own keyboard and screen-reader behaviour. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, children, ...props },
  ref,
) {
  return (
    <div className="relative">
      <select ref={ref} className={cn(controlClasses, 'field-line appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
});
