/** The attribute keys that hold a product's size and colour choices (spec: the product page's size and colour). */
export const SIZE_KEYS = ['size', 'sizes'] as const;
export const COLOR_KEYS = ['color', 'colour', 'colours', 'colors'] as const;

interface AttributeLike {
  key: string;
  value: string[];
}

function valuesOf(attributes: readonly AttributeLike[], keys: readonly string[]): string[] {
  const found = attributes.find((attribute) => keys.includes(attribute.key.trim().toLowerCase()));
  return found ? found.value.map((value) => value.trim()).filter((value) => value !== '') : [];
}

/** The sizes and colours a shopper chooses from, the one reading of them for the storefront and the server. */
export function productOptions(attributes: readonly AttributeLike[]): { sizes: string[]; colors: string[] } {
  return { sizes: valuesOf(attributes, SIZE_KEYS), colors: valuesOf(attributes, COLOR_KEYS) };
}

/** Spec: a product is featured when its 'featured' attribute says true — the one rule for the storefront and the server. */
export function isFeatured(attributes: readonly AttributeLike[]): boolean {
  return attributes.some(
    (attribute) =>
      attribute.key.trim().toLowerCase() === 'featured' &&
      attribute.value.some((value) => value.toLowerCase().includes('true')),
  );
}

/** A product's stock as the storefront reads it: a number (never below 0), or without limit when the shop gives none. */
export const stockOf = (stock: unknown): number =>
  typeof stock === 'number' && Number.isFinite(stock) ? Math.max(0, stock) : Number.POSITIVE_INFINITY;
