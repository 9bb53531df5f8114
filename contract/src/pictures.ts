/**
 * Smaller copies of the shop's pictures, so a phone downloads a phone-sized picture: every picture
 * under /media/ (PNG, JPEG, WebP, AVIF, and the shop's own SVG drawings) is also served at these
 * widths as WebP and AVIF, at /pictures/<width>/<its path under /media/>.<format>. An SVG gets
 * copies too although it is smaller: a browser draws an SVG picture on the page's main thread (in
 * Chromium each one is a document of its own, 30–45 ms apiece on a mid-range phone, blocking taps),
 * while a WebP or AVIF is decoded beside it.
 */
export const PICTURE_COPY_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** The copies' formats, best first: a browser takes the first `<source>` it can show. */
export const PICTURE_COPY_FORMATS = { avif: 'image/avif', webp: 'image/webp' } as const;
export type PictureCopyFormat = keyof typeof PICTURE_COPY_FORMATS;

const MEDIA_PREFIX = '/media/';
const WITH_COPIES = /\.(png|jpe?g|webp|avif|svg)$/i;

/** Whether a picture's name says PNG, JPEG, WebP, AVIF or SVG: the pictures that have copies. */
export const hasPictureCopies = (name: string): boolean => WITH_COPIES.test(name);

export interface PictureCopy {
  url: string;
  format: PictureCopyFormat;
  /** The width asked of the server (one of PICTURE_COPY_WIDTHS). */
  width: number;
  /** The copy's real width: never more than the picture's own. */
  servedWidth: number;
}

/** Where the copy of a /media/ picture at this width and format is served. */
export const pictureCopyUrl = (url: string, width: number, format: PictureCopyFormat): string =>
  `/pictures/${width}/${url.slice(MEDIA_PREFIX.length)}.${format}`;

/**
 * Every copy of a picture the shop serves: each width below the picture's own, and the next one up
 * (made no wider than the picture); none for a picture from elsewhere.
 */
export function pictureCopies(image: { url: string; width: number }): PictureCopy[] {
  if (!image.url.startsWith(MEDIA_PREFIX) || !hasPictureCopies(image.url) || image.width <= 0) return [];
  const below = PICTURE_COPY_WIDTHS.filter((width) => width < image.width);
  const atLeast = PICTURE_COPY_WIDTHS.find((width) => width >= image.width);
  const widths = atLeast === undefined ? below : [...below, atLeast];
  return (Object.keys(PICTURE_COPY_FORMATS) as PictureCopyFormat[]).flatMap((format) =>
    widths.map((width) => ({
      url: pictureCopyUrl(image.url, width, format),
      format,
      width,
      servedWidth: Math.min(width, image.width),
    })),
  );
}

/** A picture's `<source>` elements (type and srcset), best format first; empty when it has no copies. */
export function pictureSources(image: { url: string; width: number }): { type: string; srcSet: string }[] {
  const copies = pictureCopies(image);
  return (Object.keys(PICTURE_COPY_FORMATS) as PictureCopyFormat[])
    .map((format) => ({
      type: PICTURE_COPY_FORMATS[format],
      srcSet: copies
        .filter((copy) => copy.format === format)
        .map((copy) => `${copy.url} ${copy.servedWidth}w`)
        .join(', '),
    }))
    .filter((source) => source.srcSet !== '');
}

/**
 * Link previews (Open Graph, Twitter): WhatsApp and Facebook show neither SVG nor AVIF, so a shared
 * page names a JPEG of 1200×630, the size both draw large. A product's is made from its first
 * picture, letterboxed on white; every other page (and a product without a picture of the shop's
 * own) names the store's card.
 */
export const SHARE_CARD = { width: 1200, height: 630, type: 'image/jpeg' } as const;
export const STORE_SHARE_CARD_URL = '/share-card.jpg';
const SHARE_CARD_PREFIX = '/pictures/share/';

/** The share card of a page whose picture this is (none: the store's card). */
export function shareCardUrl(picture: string | undefined): string {
  if (!picture?.startsWith(MEDIA_PREFIX) || !hasPictureCopies(picture)) return STORE_SHARE_CARD_URL;
  return `${SHARE_CARD_PREFIX}${picture.slice(MEDIA_PREFIX.length)}.jpg`;
}

/** Whether an address is one of the shop's share cards (so its size and type are known). */
export const isShareCardUrl = (address: string): boolean =>
  address === STORE_SHARE_CARD_URL || (address.startsWith(SHARE_CARD_PREFIX) && address.endsWith('.jpg'));
