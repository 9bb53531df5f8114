import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70 aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/40 sm:text-sm';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(controlClasses, 'h-11', className)} {...props} />;
});
