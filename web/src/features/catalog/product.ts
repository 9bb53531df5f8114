import type { Product as ServerProduct } from '@store/contract';

export interface ProductPicture {
  url: string;
  width?: number;
  height?: number;
}

/** A product as the storefront uses it (spec section 3, "derived"). */
export interface StoreProduct {
  id: string;
  name: string;
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
  attributes: ServerProduct['attributes'];
}

/** The server's shape, loosely: the mapping copes with missing fields rather than trusting them. */
export type ProductInput = Partial<ServerProduct> & { id: string };

const SIZE_KEYS = ['size', 'sizes'];
const COLOR_KEYS = ['color', 'colours', 'colors'];

function valuesOf(attributes: ServerProduct['attributes'], keys: string[]): string[] {
  const found = attributes.find((attribute) => keys.includes(attribute.key.trim().toLowerCase()));
  return found ? found.value.filter((value) => value.trim() !== '') : [];
}

const isPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The one mapping from the server's product to the storefront's (spec section 3). */
export function toStoreProduct(product: ProductInput): StoreProduct {
  const attributes = Array.isArray(product.attributes) ? product.attributes : [];
  const images = Array.isArray(product.images) ? product.images.filter((image) => image?.url) : [];
  const discounted = isPrice(product.discountedPrice) ? product.discountedPrice : undefined;
  const regular = isPrice(product.regularPrice) ? product.regularPrice : undefined;
  const featured = attributes.some(
    (attribute) =>
      attribute.key.trim().toLowerCase() === 'featured' &&
      attribute.value.some((value) => value.toLowerCase().includes('true')),
  );
  return {
    id: product.id,
    name: product.title ?? '',
    description: product.description ?? '',
    category: product.category ?? '',
    parentCategory: product.parentCategory ?? null,
    price: discounted ?? regular ?? 0,
    ...(discounted !== undefined && regular !== undefined ? { originalPrice: regular } : {}),
    image: product.imgUrl || images[0]?.url || '',
    images,
    featured,
    sizes: valuesOf(attributes, SIZE_KEYS),
    colors: valuesOf(attributes, COLOR_KEYS),
    attributes,
  };
}

/** Spec: a Sale badge when an original price exists and the price is below it. */
export const isOnSale = (product: StoreProduct) =>
  product.originalPrice !== undefined && product.price < product.originalPrice;

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
