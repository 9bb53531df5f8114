/**
 * A product's readable address: /product/{slug}-{code}, e.g. /product/usb-c-7-in-1-hub-4k9tq2mzx7.
 * The slug is the product's name in lower-case ASCII and hyphens, there for people and search
 * engines only; the code decides which product it is, so a renamed product's old addresses still
 * find it. The code is ten characters of a hash of the product's id (Crockford's base 32, lower
 * case: no i, l, o or u), kept with the product (products.address_code) so the server finds it by
 * index, and worked out from the id alone wherever a link is made. Ids are UUIDs; those of one
 * import share most of their characters, which is why the code is a hash and not the id's start.
 */
export const PRODUCT_CODE_LENGTH = 10;
const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const SLUG_MAX_LENGTH = 60;
const CODE_AT_END = /(?:^|-)([0-9a-hjkmnp-tv-z]{10})$/;

/** Five base-32 characters from the low 25 bits of a number. */
function base32(bits: number): string {
  let out = '';
  for (let shift = 20; shift >= 0; shift -= 5) out += CODE_ALPHABET[(bits >>> shift) & 31];
  return out;
}

/**
 * The product's code: 50 bits of a 64-bit hash of its id (cyrb53's mixing, two 32-bit halves).
 * Never change it: codes are stored and sit in links already shared.
 */
export function productCode(id: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < id.length; index++) {
    const character = id.charCodeAt(index);
    h1 = Math.imul(h1 ^ character, 2654435761);
    h2 = Math.imul(h2 ^ character, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return base32(h1 >>> 0) + base32(h2 >>> 0);
}

/** A name as an address's words: lower-case ASCII letters and digits, hyphens between; 'product' when none are left. */
export function productSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= SLUG_MAX_LENGTH) return words || 'product';
  const cut = words.slice(0, SLUG_MAX_LENGTH + 1);
  const end = cut.lastIndexOf('-');
  return (end > 0 ? cut.slice(0, end) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
}

/** What a product's address is made of: its id and name (`addressName`: the English name a Hindi page shows beside its own). */
export interface AddressedProduct {
  id: string;
  name: string;
  addressName?: string | undefined;
}

/** The path of a product's page: '/product/' then its address. */
export const productPath = (product: AddressedProduct): string => `/product/${productAddress(product)}`;

/** The last part of a product's path: '{slug}-{code}', the slug from the English name in every language. */
export const productAddress = (product: AddressedProduct): string =>
  `${productSlug(product.addressName ?? product.name)}-${productCode(product.id)}`;

/** The code at the end of an address ('usb-c-hub-4k9tq2mzx7' gives '4k9tq2mzx7'); undefined when it has none. */
export function productCodeOf(address: string): string | undefined {
  return CODE_AT_END.exec(address.toLowerCase())?.[1];
}
