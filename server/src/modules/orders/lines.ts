import { type OrderLine, productOptions } from '@netkart/contract';
import { HttpError } from '../../http/errors.js';
import type { ProductToOrder } from '../catalog/stock.js';

/** What an order reads of a product: the catalogue's answer (price, stock, options, tax). */
export type OrderedProduct = ProductToOrder;

export type ChosenLine = OrderLine & { product: OrderedProduct };

/**
 * Checks a line's size and colour against the product's own (spec: a size must be chosen when the
 * product has sizes; a colour is optional) and spells them as the product does. A product with a
 * single size or colour gets it without asking, as its page preselects it.
 */
export function chooseOptions(line: OrderLine, product: OrderedProduct | undefined): ChosenLine {
  if (!product)
    throw new HttpError(400, 'Some products in your cart are no longer available. Please review your cart.');
  const { sizes, colors } = productOptions(JSON.parse(product.attributes_json) as { key: string; value: string[] }[]);
  return {
    ...line,
    product,
    size: choose(product.title, 'size', sizes, line.size, true),
    color: choose(product.title, 'colour', colors, line.color, false),
  };
}

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
