import {
  COLOR_KEYS,
  isFeatured,
  productOptions,
  type Product as ServerProduct,
  SIZE_KEYS,
  stockOf,
} from '@netkart/contract';
import { englishT, type Translate } from '@/lib/i18n';

export interface ProductPicture {
  url: string;
  width?: number;
  height?: number;
}

/** A product as the storefront uses it (spec section 3, "derived"). */
export interface StoreProduct {
  id: string;
  /** The merchant's stock-keeping unit, e.g. NK-LAP-002. */
  sku: string;
  name: string;
  /** The English name its address is made from, when `name` is the Hindi one. */
  addressName?: string;
  description: string;
  category: string;
  parentCategory: string | null;
  price: number;
  /** The regular price, only when a discounted price exists. */
  originalPrice?: number;
  image: string;
  images: ProductPicture[];
  featured: boolean;
  sizes: string[];
  colors: string[];
  /** Units the shop can sell now; unlimited when the server does not say. */
  stock: number;
  attributes: ServerProduct['attributes'];
  /** The maximum retail price, tax inclusive, when the merchant gave one. */
  mrp?: number;
  /** The GST rate in percent, when the merchant gave one. */
  gstRate?: number;
  /** Legal particulars (Legal Metrology (Packaged Commodities) Rules 2011), each when given. */
  countryOfOrigin?: string;
  manufacturer?: string;
  importer?: string;
  netQuantity?: string;
  /** The BIS registration (R-number) of goods under the Compulsory Registration Scheme, when given. */
  bisRegistration?: string;
  /** The approved reviews' average stars and count; absent when none is approved. */
  rating?: { average: number; count: number };
  /** The options it comes in (Colour, Length …), and its variants; none: it is its own one variant. */
  options: { name: string; values: string[] }[];
  variants: StoreVariant[];
  /** Its variants differ in price: `price` is the cheapest's, read "from ₹…". */
  priceFrom?: boolean;
}

/** One variant of a product with options, as its page picks it. */
export interface StoreVariant {
  sku: string;
  /** Its value of each option: { Colour: 'Olive' }. */
  options: Record<string, string>;
  price: number;
  originalPrice?: number;
  mrp?: number;
  stock: number;
  images: ProductPicture[];
}

/** The server's shape, loosely: the mapping copes with missing fields rather than trusting them. */
export type ProductInput = Partial<ServerProduct> & { id: string };

const isPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The one mapping from the server's product to the storefront's (spec section 3). */
export function toStoreProduct(product: ProductInput): StoreProduct {
  const attributes = Array.isArray(product.attributes) ? product.attributes : [];
  const images = Array.isArray(product.images) ? product.images.filter((image) => image?.url) : [];
  const discounted = isPrice(product.discountedPrice) ? product.discountedPrice : undefined;
  const regular = isPrice(product.regularPrice) ? product.regularPrice : undefined;
  const featured = isFeatured(attributes);
  const { sizes, colors } = productOptions(attributes);
  return {
    id: product.id,
    sku: product.sku ?? '',
    name: product.title ?? '',
    ...(product.addressTitle ? { addressName: product.addressTitle } : {}),
    description: product.description ?? '',
    category: product.category ?? '',
    parentCategory: product.parentCategory ?? null,
    price: discounted ?? regular ?? 0,
    ...(discounted !== undefined && regular !== undefined ? { originalPrice: regular } : {}),
    image: product.imgUrl || images[0]?.url || '',
    images,
    featured,
    sizes,
    colors,
    stock: stockOf(product.stock),
    attributes,
    ...(isPrice(product.mrp) ? { mrp: product.mrp } : {}),
    ...(isPrice(product.gstRate) ? { gstRate: product.gstRate } : {}),
    ...(product.countryOfOrigin ? { countryOfOrigin: product.countryOfOrigin } : {}),
    ...(product.manufacturer ? { manufacturer: product.manufacturer } : {}),
    ...(product.importer ? { importer: product.importer } : {}),
    ...(product.bisRegistration ? { bisRegistration: product.bisRegistration } : {}),
    ...(product.netQuantity ? { netQuantity: product.netQuantity } : {}),
    ...(product.rating && product.rating.count > 0
      ? { rating: { average: product.rating.average, count: product.rating.count } }
      : {}),
    ...variantsOf(product),
    ...(product.priceFrom ? { priceFrom: true } : {}),
  };
}

/** The product's options and variants: only a product with options has variants to pick. */
function variantsOf(product: ProductInput): Pick<StoreProduct, 'options' | 'variants'> {
  const options = Array.isArray(product.options) ? product.options.filter((option) => option.values.length > 0) : [];
  // A listing's card knows the options (to open the page to choose), not the variants.
  if (options.length === 0 || !Array.isArray(product.variants)) return { options, variants: [] };
  return {
    options,
    variants: product.variants.map((variant) => ({
      sku: variant.sku,
      options: variant.options,
      price: variant.price,
      ...(variant.discountedPrice !== null && variant.discountedPrice < variant.regularPrice
        ? { originalPrice: variant.regularPrice }
        : {}),
      ...(isPrice(variant.mrp) ? { mrp: variant.mrp } : {}),
      stock: stockOf(variant.stock),
      images: variant.images.filter((image) => image?.url),
    })),
  };
}

/** Spec: a Sale badge when an original price exists and the price is below it; never on what cannot be bought. */
export const isOnSale = (product: StoreProduct) =>
  product.originalPrice !== undefined && product.price < product.originalPrice && product.stock > 0;

/**
 * The one price a shopper's saving is measured from: the M.R.P. when the merchant gave one (the law's
 * maximum, what Indian shoppers compare with), else the regular price of a discounted product.
 */
export function referencePrice(
  product: Pick<StoreProduct, 'originalPrice' | 'mrp'>,
): { label?: 'M.R.P.'; amount: number } | undefined {
  if (product.mrp !== undefined && product.mrp > 0) return { label: 'M.R.P.', amount: product.mrp };
  if (product.originalPrice !== undefined && product.originalPrice > 0) return { amount: product.originalPrice };
  return undefined;
}

/**
 * What the shopper saves against the reference price, in rupees and whole percent (rounded down, so
 * the shop never claims more than it gives); none under 1 %.
 */
export function savingOf(
  product: Pick<StoreProduct, 'price' | 'originalPrice' | 'mrp'>,
): { amount: number; percent: number } | undefined {
  const reference = referencePrice(product);
  if (!reference || !(reference.amount > product.price)) return undefined;
  const percent = Math.floor((1 - product.price / reference.amount) * 100);
  // In paise, so ₹1,499 − ₹899.50 is ₹599.50 and never ₹599.4999….
  const amount = Math.round((reference.amount - product.price) * 100) / 100;
  return percent >= 1 ? { amount, percent } : undefined;
}

/** At or below this many units the shopper is told how many are left. */
export const LOW_STOCK = 5;

/** What the shopper is told about stock: out of stock, only a few left, or nothing. */
export function stockNote(stock: number, t: Translate = englishT): string | undefined {
  if (stock <= 0) return t('stock.out');
  if (stock <= LOW_STOCK) return t('stock.onlyLeft', { stock });
  return undefined;
}

/** Specifications shown on the product page: no featured flag, sizes or colours, nothing phone-like, at most 10. */
export const MAX_SPECIFICATIONS = 10;
export function specificationsOf(product: StoreProduct): ServerProduct['attributes'] {
  const hidden = new Set(['featured', ...SIZE_KEYS, ...COLOR_KEYS]);
  return product.attributes
    .filter((attribute) => {
      const key = attribute.key.trim().toLowerCase();
      return !key.includes('phone') && !hidden.has(key);
    })
    .slice(0, MAX_SPECIFICATIONS);
}

/** The option chosen up front: only when exactly one exists (spec: product card's Add to Cart). */
export const onlyOption = (options: string[]) => (options.length === 1 ? options[0] : undefined);

/** A quick Add to Cart cannot choose for the shopper between two sizes or two colours. */
export const needsChoice = (product: Pick<StoreProduct, 'sizes' | 'colors'>) =>
  product.sizes.length > 1 || product.colors.length > 1;

/** Words of a name joined by dashes and fenced by them, so 'Red' finds '-red-' and not 'shredder'. */
const dashed = (text: string) =>
  `-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-`;

/**
 * The picture of the chosen colour: one whose file name names the colour (…-olive.svg), else, when
 * the product has exactly one picture per colour, the one in the colour's place (the demo catalogue
 * draws its first picture in the first colour); otherwise the product's main picture.
 */
export function pictureFor(product: Pick<StoreProduct, 'image' | 'images' | 'colors'>, color?: string): string {
  const index = color ? product.colors.indexOf(color) : -1;
  if (!color || index < 0) return product.image;
  const named = product.images.find((picture) =>
    dashed((picture.url.split('/').pop() ?? '').replace(/\.\w+$/, '')).includes(dashed(color)),
  );
  if (named) return named.url;
  if (product.images.length === product.colors.length) return product.images[index]?.url ?? product.image;
  return product.image;
}
