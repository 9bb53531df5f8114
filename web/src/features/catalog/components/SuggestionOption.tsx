import type { Suggestion } from '@netkart/contract';
import { cn } from '@/lib/cn';
import { type MessageKey, useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';

interface SuggestionOptionProps {
  id: string;
  suggestion: Suggestion;
  /** The option the arrow keys are on. */
  active: boolean;
  onChoose(): void;
  onHover(): void;
}

const KIND_LABELS: Record<'category' | 'type', MessageKey> = { category: 'nav.category', type: 'filters.type' };

/** One entry of the search box's list: a category or type by name, a product with its picture and price. */
export function SuggestionOption({ id, suggestion, active, onChoose, onHover }: SuggestionOptionProps) {
  const t = useT();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input has the keyboard (arrows, Enter); a pointer picks directly
    // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocused, pointed at by aria-activedescendant
    <div
      id={id}
      role="option"
      aria-selected={active}
      // Keeps the focus in the input, so choosing does not first close the list.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={active ? undefined : onHover}
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm text-slate-800',
        active && 'bg-slate-100',
      )}
    >
      {suggestion.kind === 'product' ? (
        <>
          <img
            src={suggestion.imgUrl}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-10 w-10 shrink-0 rounded-md bg-slate-100 object-cover"
          />
          <span className="line-clamp-2 min-w-0 flex-1">{suggestion.label}</span>{' '}
          <span className="shrink-0 font-medium text-slate-900">{formatPrice(suggestion.price)}</span>
        </>
      ) : (
        <>
          <span className="min-w-0 flex-1 truncate font-medium">{suggestion.label}</span>{' '}
          <span className="shrink-0 text-xs text-slate-600">{t(KIND_LABELS[suggestion.kind])}</span>
        </>
      )}
    </div>
  );
}
