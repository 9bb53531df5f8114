/** A line of the cart (spec section 3), kept in localStorage['cart']. */
export interface CartItem {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
  selectedSize?: string;
  selectedColor?: string;
}

export const CART_STORAGE_KEY = 'cart';

export type CartChange = 'added' | 'updated';

const sameLine = (a: Pick<CartItem, 'id' | 'selectedSize' | 'selectedColor'>, b: typeof a) =>
  a.id === b.id &&
  (a.selectedSize ?? '') === (b.selectedSize ?? '') &&
  (a.selectedColor ?? '') === (b.selectedColor ?? '');

/** Same id, size and colour: that line grows; otherwise a new line. */
export function addItem(items: CartItem[], item: CartItem): { items: CartItem[]; change: CartChange } {
  const existing = items.find((line) => sameLine(line, item));
  if (!existing) return { items: [...items, item], change: 'added' };
  return {
    items: items.map((line) => (line === existing ? { ...line, quantity: line.quantity + item.quantity } : line)),
    change: 'updated',
  };
}

/** Removes every line with that id (spec section 4). */
export const removeItem = (items: CartItem[], id: string) => items.filter((line) => line.id !== id);

/** Sets a line's quantity; below 1 is ignored. Without size and colour, every line of the id changes. */
export function updateQuantity(
  items: CartItem[],
  id: string,
  quantity: number,
  selectedSize?: string,
  selectedColor?: string,
): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return items;
  const matches = (line: CartItem) =>
    selectedSize === undefined && selectedColor === undefined
      ? line.id === id
      : sameLine(line, { id, selectedSize, selectedColor });
  return items.map((line) => (matches(line) ? { ...line, quantity } : line));
}

export const itemCountOf = (items: CartItem[]) => items.reduce((sum, line) => sum + line.quantity, 0);
export const subtotalOf = (items: CartItem[]) => items.reduce((sum, line) => sum + line.price * line.quantity, 0);

/** Reads a stored cart, dropping anything that is not a well-formed line. */
export function parseStoredCart(text: string | null): CartItem[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (line): line is CartItem =>
        typeof line === 'object' &&
        line !== null &&
        typeof line.id === 'string' &&
        typeof line.name === 'string' &&
        typeof line.price === 'number' &&
        Number.isInteger(line.quantity) &&
        line.quantity >= 1,
    );
  } catch {
    return [];
  }
}
