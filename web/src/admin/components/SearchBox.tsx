import { type FormEvent, useState } from 'react';
import { Search } from '@/components/icons';
import { Button, Input, Label } from '@/components/ui';

/**
 * A list's search box: what is typed stays here until searched; a new address (back, forward)
 * starts it again from the address's own text.
 */
export function SearchBox(props: {
  id: string;
  label: string;
  placeholder: string;
  /** The search in the address now. */
  value: string;
  onSearch: (text: string) => void;
}) {
  const { id, label, placeholder, value, onSearch } = props;
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value);
  }
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <search className="min-w-0 flex-1">
      <form onSubmit={search} className="flex min-w-0 items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            type="search"
            placeholder={placeholder}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" aria-label="Search">
          <Search aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </form>
    </search>
  );
}
