import type { StoreProduct, StoreVariant } from './product';

/** The shopper's choice so far: a value for some of the product's options. */
export type VariantChoice = Record<string, string>;

const fits = (variant: StoreVariant, choice: VariantChoice) =>
  Object.entries(choice).every(([name, value]) => !value || variant.options[name] === value);

/** The variant the choice names, once every option has a value. */
export function chosenVariant(product: StoreProduct, choice: VariantChoice): StoreVariant | undefined {
  if (product.options.some((option) => !choice[option.name])) return undefined;
  return product.variants.find((variant) => fits(variant, choice));
}

/**
 * Whether choosing `value` for `option` (the shopper's other choices kept) leads to a variant:
 * values that lead nowhere are shown disabled. A sold-out variant can be chosen, to be told it is
 * sold out and ask for an email when it is back; it cannot go in the cart.
 */
export function canChoose(product: StoreProduct, choice: VariantChoice, option: string, value: string): boolean {
  return product.variants.some((variant) => fits(variant, { ...choice, [option]: value }));
}

/** The first variant in stock (else the first), chosen when the page opens. */
export function firstChoice(product: StoreProduct): VariantChoice {
  const first = product.variants.find((variant) => variant.stock > 0) ?? product.variants[0];
  return first ? { ...first.options } : {};
}

/** The product as its chosen variant sells it: its price, M.R.P., stock and pictures. */
export function asVariant(product: StoreProduct, variant: StoreVariant | undefined): StoreProduct {
  if (!variant) return product;
  const { originalPrice: _original, mrp: _mrp, priceFrom: _from, ...rest } = product;
  return {
    ...rest,
    price: variant.price,
    ...(variant.originalPrice !== undefined ? { originalPrice: variant.originalPrice } : {}),
    ...(variant.mrp !== undefined ? { mrp: variant.mrp } : {}),
    stock: variant.stock,
    ...(variant.images.length > 0 ? { images: variant.images, image: variant.images[0]?.url ?? product.image } : {}),
  };
}

/** How a variant is named in the cart: 'Colour: Olive · Length: 2 m'. */
export const variantLabel = (variant: StoreVariant): string =>
  Object.entries(variant.options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');
