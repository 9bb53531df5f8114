/**
 * The one way the shop reads words for search, for the catalogue and for what shoppers type alike:
 * lower case without accents, trade spellings made one ("Type-C", "USB C" and "usbc" all read
 * "usb usbc"; "LAN" reads "ethernet"), decimals kept whole ("2.5" is the token "2p5") and numbers
 * apart from their units ("65W" is "65 w"). Both databases then index and match these tokens.
 */

/** Devanagari digits (०–९) as ASCII ones, so "१२८ जीबी" reads as "128 जीबी". */
export const withAsciiDigits = (text: string): string =>
  /[\u0966-\u096f]/.test(text)
    ? text.replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x966))
    : text;

/** Spellings of one thing, rewritten before the text is split into words. */
const SAME_THING: [RegExp, string][] = [
  [/\b(?:usb[\s-]*)?type[\s-]*c\b|\busb[\s-]*c\b/g, ' usb usbc '],
  [/\b(?:usb[\s-]*)?type[\s-]*a\b|\busb-a\b|\busba\b/g, ' usb usba '],
  [/\b(?:pen|thumb|flash)[\s-]*drives?\b/g, ' flashdrive '],
  [/\bwi[\s-]?fi\b/g, ' wifi '],
  [/\brj[\s-]?45\b/g, ' rj45 ethernet '],
  [/\blan\b/g, ' ethernet '],
];

const NOT_ASCII = /[\u0080-\uffff]/;

const WORD = /\d+(?:\.\d+)?|[\p{L}\p{N}]+/gu;

/** The search tokens of a text, in order. */
export function searchTokens(text: string): string[] {
  // Plain ASCII has no accents to take off: the Unicode decomposition was a third of an import's time.
  let prepared = (NOT_ASCII.test(text) ? withAsciiDigits(text).normalize('NFKD').replace(/\p{M}/gu, '') : text)
    .toLowerCase()
    // A number and its unit are two words; a decimal point stays inside the number.
    .replace(/(\d)(?=[\p{L}])/gu, '$1 ')
    .replace(/(\p{L})(?=\d)/gu, '$1 ');
  for (const [pattern, replacement] of SAME_THING) prepared = prepared.replace(pattern, replacement);
  return (prepared.match(WORD) ?? []).map((word) => word.replace('.', 'p'));
}

/** A text as the search index stores it: its tokens, one space apart. */
export const searchText = (text: string): string => searchTokens(text).join(' ');

interface SearchableProduct {
  sku: string;
  title: string;
  /** The Hindi title: found by its words as the English title is. */
  titleHi?: string | null;
  category: string;
  parentCategory: string | null;
  attributes: { key: string; value: string[]; metricUnit?: string | null }[];
}

/** The words a product's kind is found by: its category, its type and its SKU. */
export const searchKind = (category: string, parentCategory: string | null, sku: string): string =>
  searchText([category, parentCategory ?? '', sku].join(' '));

/**
 * What a product is found by, by weight: its title (English and Hindi); its category, type and SKU; its
 * specifications (names, values and units). The description is indexed as it is.
 */
export function searchColumns(product: SearchableProduct) {
  return {
    search_title: searchText(product.titleHi ? `${product.title} ${product.titleHi}` : product.title),
    search_kind: searchKind(product.category, product.parentCategory, product.sku),
    search_specs: searchText(
      product.attributes
        .filter((attribute) => attribute.key.trim().toLowerCase() !== 'featured')
        .map((attribute) => [attribute.key, ...attribute.value, attribute.metricUnit ?? ''].join(' '))
        .join(' '),
    ),
  };
}
