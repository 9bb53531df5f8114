import { englishT, type Translate } from '@/lib/i18n';
/** A line of the cart (spec section 3), kept in localStorage['cart']. */
export interface CartItem {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
  selectedSize?: string;
  selectedColor?: string;
  /** The SKU of the variant chosen (a product with options); older lines have none and still order. */
  variantSku?: string;
  /** The variant's options as the line shows them: 'Colour: Olive · Length: 2 m'. */
  variantLabel?: string;
}

export const CART_STORAGE_KEY = 'cart';

export type CartChange = 'added' | 'updated';

const sameLine = (
  a: Pick<CartItem, 'id' | 'selectedSize' | 'selectedColor' | 'variantSku'>,
  b: Pick<CartItem, 'id' | 'selectedSize' | 'selectedColor' | 'variantSku'>,
) =>
  a.id === b.id &&
  (a.selectedSize ?? '') === (b.selectedSize ?? '') &&
  (a.selectedColor ?? '') === (b.selectedColor ?? '') &&
  (a.variantSku ?? '') === (b.variantSku ?? '');

/** One key per line: the product with its size and colour (and its variant, when it has one). */
export const lineKey = (line: Pick<CartItem, 'id' | 'selectedSize' | 'selectedColor' | 'variantSku'>) =>
  `${line.id}|${line.selectedSize ?? ''}|${line.selectedColor ?? ''}${line.variantSku ? `|${line.variantSku}` : ''}`;

/** Same id, size and colour: that line grows; otherwise a new line. */
export function addItem(items: CartItem[], item: CartItem): { items: CartItem[]; change: CartChange } {
  const existing = items.find((line) => sameLine(line, item));
  if (!existing) return { items: [...items, item], change: 'added' };
  return {
    items: items.map((line) => (line === existing ? { ...line, quantity: line.quantity + item.quantity } : line)),
    change: 'updated',
  };
}

/** Without size and colour, every line of the id; with them, that one line. */
const lineMatcher = (id: string, selectedSize?: string, selectedColor?: string) => (line: CartItem) =>
  selectedSize === undefined && selectedColor === undefined
    ? line.id === id
    : sameLine(line, { id, selectedSize, selectedColor });

/**
 * Removes every line with that id (spec section 4), or only the line of that size and colour when
 * they are given: a 13" Navy sleeve's Remove button leaves the 15.6" Olive one in the cart.
 */
export function removeItem(items: CartItem[], id: string, selectedSize?: string, selectedColor?: string): CartItem[] {
  const matches = lineMatcher(id, selectedSize, selectedColor);
  return items.filter((line) => !matches(line));
}

/** Sets a line's quantity; below 1 is ignored. Without size and colour, every line of the id changes. */
export function updateQuantity(
  items: CartItem[],
  id: string,
  quantity: number,
  selectedSize?: string,
  selectedColor?: string,
): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return items;
  const matches = lineMatcher(id, selectedSize, selectedColor);
  return items.map((line) => (matches(line) ? { ...line, quantity } : line));
}

/** Units of one product across all its lines (stock is counted per product, not per size or colour). */
export const unitsOf = (items: CartItem[], id: string) =>
  items.reduce((sum, line) => (line.id === id ? sum + line.quantity : sum), 0);

/** The chosen options as a line reads them: 'Size: 13" · Colour: Navy'. */
export function optionsLabel(size?: string | null, color?: string | null): string {
  return [size ? `Size: ${size}` : '', color ? `Colour: ${color}` : ''].filter(Boolean).join(' · ');
}

/** What the shop holds of a product now: its stock, or gone (deleted or hidden); undefined while unknown. */
export type Availability = { stock: number } | 'gone' | undefined;

export type LineProblem =
  | { kind: 'gone' }
  | { kind: 'out-of-stock' }
  | { kind: 'too-many'; stock: number; max: number }
  | { kind: 'over-cap'; cap: number; max: number };

/**
 * The most this line may hold: the stock (and the store's cap on one product per order, when given)
 * less what the product's other lines already hold.
 */
export const lineLimit = (items: CartItem[], line: CartItem, stock: number, cap = Number.POSITIVE_INFINITY) =>
  Math.max(0, Math.min(stock, cap) - (unitsOf(items, line.id) - line.quantity));

/** Why a line cannot be ordered as it is, or undefined when it can (or while its product is unknown). */
export function lineProblem(
  items: CartItem[],
  line: CartItem,
  availability: Availability,
  cap = Number.POSITIVE_INFINITY,
): LineProblem | undefined {
  if (availability === undefined) return undefined;
  if (availability === 'gone') return { kind: 'gone' };
  if (availability.stock <= 0) return { kind: 'out-of-stock' };
  const units = unitsOf(items, line.id);
  if (units > availability.stock) {
    return { kind: 'too-many', stock: availability.stock, max: lineLimit(items, line, availability.stock, cap) };
  }
  if (units > cap) return { kind: 'over-cap', cap, max: lineLimit(items, line, availability.stock, cap) };
  return undefined;
}

/** The store's answer to more of one product than its cap allows (the server's words). */
export const lineCapText = (cap: number, t: Translate = englishT) => t('cart.lineCap', { cap });

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
