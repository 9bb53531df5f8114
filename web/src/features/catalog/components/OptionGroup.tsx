import { cn } from '@/lib/cn';

interface OptionGroupProps {
  label: string;
  options: string[];
  value: string;
  onChange(value: string): void;
  /** A value that leads to nothing in stock (a variant sold out, or none made): shown, not chosen. */
  isDisabled?(value: string): boolean;
}

/** A choice of one option (a size, a colour), each a button that shows when it is chosen. */
export function OptionGroup({ label, options, value, onChange, isDisabled }: OptionGroupProps) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            disabled={isDisabled?.(option) ?? false}
            onClick={() => onChange(option)}
            className={cn(
              'h-11 min-w-12 rounded-lg border px-3 text-sm font-medium transition-colors',
              value === option
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-900 hover:border-slate-400',
              'disabled:cursor-not-allowed disabled:border-dashed disabled:text-slate-400 disabled:line-through',
            )}
          >
            {option}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
