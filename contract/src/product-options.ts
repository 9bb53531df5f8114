/** The attribute keys that hold a product's size and colour choices (spec: the product page's size and colour). */
export const SIZE_KEYS = ['size', 'sizes'] as const;
export const COLOR_KEYS = ['color', 'colour', 'colours', 'colors'] as const;

interface AttributeLike {
  key: string;
  value: string[];
}

/** The values of the first attribute with one of these keys, trimmed (none when it holds no list). */
function valuesOf(attributes: readonly AttributeLike[], keys: readonly string[]): string[] {
  const found = attributes.find((attribute) => keys.includes(String(attribute.key).trim().toLowerCase()));
  if (!found || !Array.isArray(found.value)) return [];
  return found.value.map((value) => String(value).trim()).filter((value) => value !== '');
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

/** The distinct values of the first attribute with one of these keys, 50 at most (as variants read them). */
const listOf = (attributes: readonly AttributeLike[], keys: readonly string[]): string[] =>
  [...new Set(valuesOf(attributes, keys))].slice(0, 50);

/** The options a product's size and colour lists give: Size, then Colour, each with its values (none without lists). */
export function optionsFromLists(attributes: readonly AttributeLike[]): { name: string; values: string[] }[] {
  const sizes = listOf(attributes, SIZE_KEYS);
  const colours = listOf(attributes, COLOR_KEYS);
  return [
    ...(sizes.length ? [{ name: 'Size', values: sizes }] : []),
    ...(colours.length ? [{ name: 'Colour', values: colours }] : []),
  ];
}

/** Every combination of the options' values, in order (the first option's first value first). */
export function combinationsOf(options: readonly { values: string[] }[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>(
    (so, option) => so.flatMap((chosen) => option.values.map((value) => [...chosen, value])),
    [[]],
  );
}

/**
 * A variant's SKU made from its product's and its values: joined by '-', upper-cased, in the
 * characters a SKU may hold (NK-LAP-002 in 13" Olive: NK-LAP-002-13-OLIVE). The server adds -2, -3 …
 * when the store already has it.
 */
export const variantSkuFrom = (productSku: string, values: readonly string[]): string =>
  `${productSku}-${values.join('-')}`
    .replace(/[^A-Za-z0-9._/-]+/g, '')
    .toUpperCase()
    .slice(0, 60);

/**
 * The variants a product's size and colour lists make: the options Size / Colour, a variant per
 * combination with its SKU (variantSkuFrom), and the product's stock split evenly, the remainder to
 * the first variant. No lists: no options and no variants (the product is its own one variant).
 */
export function variantsFromLists(product: { sku: string; stock: number; attributes: readonly AttributeLike[] }): {
  options: { name: string; values: string[] }[];
  variants: { sku: string; values: string[]; stock: number }[];
} {
  const options = optionsFromLists(product.attributes);
  const combinations = combinationsOf(options);
  if (combinations.length === 0) return { options: [], variants: [] };
  const stock = Math.max(0, Math.floor(Number(product.stock) || 0));
  const each = Math.floor(stock / combinations.length);
  const remainder = stock - each * combinations.length;
  return {
    options,
    variants: combinations.map((values, position) => ({
      sku: variantSkuFrom(product.sku, values),
      values,
      stock: each + (position === 0 ? remainder : 0),
    })),
  };
}
