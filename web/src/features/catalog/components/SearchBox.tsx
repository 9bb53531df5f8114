import { productPath, SEARCH_MAX_LENGTH, type Suggestion } from '@netkart/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Search } from '@/components/icons';
import { controlClasses } from '@/components/ui/Input';
import { cn } from '@/lib/cn';
import { useLocale, useT } from '@/lib/i18n';
import { basenameOf } from '@/lib/i18n/locale';
import { useSuggestions } from '../api';
import { searchTextFrom } from '../listing-address';
import { categoryLinkOf, productsPath, searchPath } from '../listing-links';
import { SuggestionOption } from './SuggestionOption';

/** Where a suggestion leads: a category's or a type's listing, or the product. */
export function suggestionPath(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'category':
      return categoryLinkOf(suggestion.category);
    case 'type':
      return productsPath(new URLSearchParams({ parentCategory: suggestion.parentCategory }));
    case 'product':
      return productPath({ id: suggestion.id, name: suggestion.label });
  }
}

/** The words of the listing being shown, so the box says what was searched for. */
function useSearchedWords(): string {
  const { pathname, search } = useLocation();
  return pathname === '/products' ? (searchTextFrom(new URLSearchParams(search).get('q')) ?? '') : '';
}

interface SearchBoxProps {
  /** Takes the focus when it appears (the phone's search row, opened on purpose). */
  focusOnMount?: boolean;
  /** Called once the shopper has gone somewhere, or pressed Escape in an empty box. */
  onDone?(): void;
}

/**
 * The product search: a combobox (WAI-ARIA 1.2) whose list offers categories, types and products as
 * the shopper types. Arrow keys move through the list, Enter opens the one chosen or searches for
 * the words, Escape closes the list (and then empties the box).
 */
export function SearchBox({ focusOnMount = false, onDone }: SearchBoxProps) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const searched = useSearchedWords();
  const [text, setText] = useState(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useSuggestions(text, open);
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  useEffect(() => setText(searched), [searched]);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (path: string) => {
    close();
    input.current?.blur();
    navigate(path);
    onDone?.();
  };
  const choose = (suggestion: Suggestion) => {
    setText('');
    go(suggestionPath(suggestion));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (words) go(searchPath(words));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!count) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        if (activeIndex < 0) setActive(down ? 0 : count - 1);
        else setActive((activeIndex + (down ? 1 : count - 1)) % count);
        return;
      }
      case 'Enter': {
        const suggestion = suggestions[activeIndex];
        if (suggestion) {
          event.preventDefault();
          choose(suggestion);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else if (text) setText('');
        else onDone?.();
        return;
    }
  };

  return (
    <search className="block w-full">
      {/* A plain GET to the listing: sent before the page's script has arrived, it still searches. */}
      <form action={`${basenameOf(locale)}/products`} method="get" onSubmit={submit} className="relative">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={input}
          id={`${id}-input`}
          name="q"
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          inputMode="search"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'field-line pl-9')}
        />
        <div
          id={listboxId}
          role="listbox"
          aria-label={t('search.suggestions')}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <SuggestionOption
              key={`${suggestion.kind}:${suggestion.kind === 'product' ? suggestion.id : suggestion.label}`}
              id={optionId(index)}
              suggestion={suggestion}
              active={index === activeIndex}
              onChoose={() => choose(suggestion)}
              onHover={() => setActive(index)}
            />
          ))}
        </div>
      </form>
    </search>
  );
}
