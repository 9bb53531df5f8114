import { lineCapMessage, type OrderLine, productOptions } from '@netkart/contract';
import type { ProductVariantRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { notEnoughOfVariant, type ProductToOrder, type StockLine } from '../catalog/stock.js';

/** What an order reads of a product: the catalogue's answer (price, stock, options, variants, tax). */
export type OrderedProduct = ProductToOrder;

/** A line as the order takes it: its product and, for a product with options, the variant it resolves to. */
export type ChosenLine = OrderLine & { product: OrderedProduct; variant?: ProductVariantRow };

/**
 * Checks a line's size and colour against the product's own (spec: a size must be chosen when the
 * product has sizes; a colour is optional) and spells them as the product does. A product with a
 * single size or colour gets it without asking, as its page preselects it. A product with variants
 * resolves the line to one: by its `variantSku`, else by its size and colour.
 */
export function chooseOptions(line: OrderLine, product: OrderedProduct | undefined): ChosenLine {
  if (!product)
    throw new HttpError(400, 'Some products in your cart are no longer available. Please review your cart.');
  if (product.variants.length > 0) return chooseVariant(line, product);
  if (line.variantSku && line.variantSku.toLowerCase() !== product.sku?.toLowerCase())
    throw new HttpError(400, `lines: ${product.title} has no variant ${line.variantSku}.`, {}, 'lines');
  const { sizes, colors } = productOptions(JSON.parse(product.attributes_json) as { key: string; value: string[] }[]);
  return {
    ...line,
    variantSku: undefined,
    product,
    size: choose(product.title, 'size', sizes, line.size, true),
    color: choose(product.title, 'colour', colors, line.color, false),
  };
}

/** The option names a line's size and colour answer (a product's migrated sizes and colours are these). */
const SIZE_NAMES = ['size'];
const COLOUR_NAMES = ['colour', 'color'];

function chooseVariant(line: OrderLine, product: OrderedProduct): ChosenLine {
  const options = JSON.parse(product.options_json || '[]') as { name: string; values: string[] }[];
  const valuesOf = (variant: ProductVariantRow) => [variant.option1, variant.option2, variant.option3];
  let variant: ProductVariantRow | undefined;
  if (line.variantSku) {
    const sku = line.variantSku.toLowerCase();
    variant = product.variants.find((candidate) => candidate.sku.toLowerCase() === sku);
    if (!variant) throw new HttpError(400, `lines: ${product.title} has no variant ${line.variantSku}.`, {}, 'lines');
  } else {
    const sizeAt = options.findIndex((option) => SIZE_NAMES.includes(option.name.toLowerCase()));
    const colourAt = options.findIndex((option) => COLOUR_NAMES.includes(option.name.toLowerCase()));
    const matches = (chosen: string | undefined, at: number) => (variant: ProductVariantRow) =>
      chosen === undefined || at < 0 || valuesOf(variant)[at]?.toLowerCase() === chosen.toLowerCase();
    const candidates = product.variants.filter(matches(line.size, sizeAt)).filter(matches(line.color, colourAt));
    if (candidates.length === 0) {
      const chosen = [line.size, line.color].filter(Boolean).join(', ');
      throw new HttpError(400, `${product.title} does not come in ${chosen || 'that choice'}.`, {}, 'lines');
    }
    if (candidates.length > 1) {
      throw new HttpError(
        400,
        `Please choose a variant of ${product.title}: ${options.map((option) => option.name).join(', ')}.`,
        {},
        'lines',
      );
    }
    variant = candidates[0];
  }
  if (!variant) throw new HttpError(400, `lines: ${product.title} has no such variant.`, {}, 'lines');
  // The order's line tells the size and colour the variant has, as the merchant packs it.
  const sizeAt = options.findIndex((option) => SIZE_NAMES.includes(option.name.toLowerCase()));
  const colourAt = options.findIndex((option) => COLOUR_NAMES.includes(option.name.toLowerCase()));
  return {
    ...line,
    product,
    variant,
    variantSku: variant.sku,
    size: sizeAt >= 0 ? (valuesOf(variant)[sizeAt] ?? undefined) : undefined,
    color: colourAt >= 0 ? (valuesOf(variant)[colourAt] ?? undefined) : undefined,
  };
}

/**
 * Each variant's quantity (added up over the lines) against its own stock, before the product's:
 * a sold-out variant is a 409 naming it, though its product has other variants in stock. One
 * order takes at most half of a variant's stock (at least one), as of a product's.
 */
export function refuseShortVariants(lines: ChosenLine[], lineCap: number): void {
  const wanted = new Map<string, { line: ChosenLine; quantity: number }>();
  for (const line of lines) {
    if (!line.variant) continue;
    const earlier = wanted.get(line.variant.id);
    wanted.set(line.variant.id, { line, quantity: (earlier?.quantity ?? 0) + line.quantity });
  }
  for (const { line, quantity } of wanted.values()) {
    const variant = line.variant;
    if (!variant) continue;
    const stock = Number(variant.stock);
    if (quantity > stock) throw notEnoughOfVariant(line.product.title, variant);
    if (quantity > lineCap) throw new HttpError(400, lineCapMessage(lineCap), {}, 'lines');
    const share = Math.max(1, Math.ceil(stock / 2));
    if (quantity > share) {
      throw new HttpError(
        400,
        `Only ${share} of ${line.product.title} (${variant.sku}) can be ordered at once while stock is low. Please lower the quantity.`,
        {},
        'lines',
      );
    }
  }
}

/** The stock an order's lines take: per variant where the line has one, else per product. */
export const stockLinesOf = (lines: ChosenLine[]): StockLine[] =>
  lines.map((line) => ({ productId: line.product.id, quantity: line.quantity, variantSku: line.variant?.sku ?? null }));

function choose(
  title: string,
  option: 'size' | 'colour',
  offered: string[],
  chosen: string | undefined,
  required: boolean,
): string | undefined {
  if (chosen === undefined) {
    if (offered.length === 1) return offered[0];
    if (required && offered.length > 1) {
      throw new HttpError(400, `Please choose a ${option} for ${title} (${offered.join(', ')}).`);
    }
    return undefined;
  }
  if (offered.length === 0)
    throw new HttpError(400, `${title} has no ${option} to choose; remove the ${option} "${chosen}".`);
  const match = offered.find((value) => value.toLowerCase() === chosen.toLowerCase());
  if (!match) {
    throw new HttpError(400, `${title} does not come in ${option} "${chosen}". Choose one of: ${offered.join(', ')}.`);
  }
  return match;
}
