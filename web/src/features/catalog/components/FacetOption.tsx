import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface FacetOptionProps {
  type: 'checkbox' | 'radio';
  /** The radio group's name; checkboxes need none. */
  name?: string;
  checked: boolean;
  onChange(): void;
  label: ReactNode;
  /** How many products have it; none for a choice that counts nothing ("All Types"). */
  count?: number;
  /** A choice that would leave no products, not yet chosen. */
  disabled?: boolean;
}

/** One choice of a filter: the whole row is the target, a thumb's height on phones. */
export function FacetOption({ type, name, checked, onChange, label, count, disabled = false }: FacetOptionProps) {
  return (
    <label
      className={cn(
        'flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm md:min-h-9',
        disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-slate-50',
        disabled ? 'text-slate-500' : checked ? 'font-medium text-slate-900' : 'text-slate-700',
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="h-4 w-4 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      {count === undefined ? null : (
        <>
          {' '}
          <span className="text-slate-500 tabular-nums">{`(${count})`}</span>
        </>
      )}
    </label>
  );
}

/** A titled set of choices. */
export function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-0.5 border-t border-slate-200 pt-4">
      <legend className="mb-1 px-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
