import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'green' | 'blue' | 'purple' | 'red' | 'yellow' | 'grey' | 'brand';

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/20',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'grey', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
