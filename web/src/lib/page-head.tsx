import { isShareCardUrl, SHARE_CARD, STORE_SHARE_CARD_URL } from '@netkart/contract';
import { createContext, useContext } from 'react';
import { DEVANAGARI_FONT_URL } from './i18n/devanagari-font';
import { addressIn, DEFAULT_LOCALE, HREFLANG, LOCALES, type Locale } from './i18n/locale';

/** What a page says about itself in the document's head: for browsers, search engines and link previews. */
export interface PageHead {
  title: string;
  description?: string;
  /** The page's one address, as a path with its query (made absolute with the site's origin). */
  canonicalPath?: string;
  /** A picture for link previews: an absolute address or a path on the site; the store's card when none. */
  image?: string;
  type?: 'website' | 'product';
  /** schema.org objects, each written as its own JSON-LD block. */
  structuredData?: object[];
}

/** Collects the head of the page being rendered on the server; in the browser there is none. */
export class PageHeadCollector {
  head: PageHead = { title: '' };

  set(head: PageHead): void {
    this.head = head;
  }
}

export const PageHeadContext = createContext<PageHeadCollector | null>(null);

/** Server rendering only: the page's head is recorded while it renders (the browser sets it in effects). */
export function useRecordPageHead(head: PageHead): void {
  useContext(PageHeadContext)?.set(head);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** JSON inside a <script> block: no '<' can end the block or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (address: string, origin: string) => (/^https?:\/\//i.test(address) ? address : `${origin}${address}`);

/**
 * The head's tags as HTML, every value escaped. `locale` is the page's language: its canonical
 * address is in that language, and `pagePath` (the address asked for, when the page names no
 * canonical one) gives the alternates in every language, English being the default.
 */
export function headHtml(head: PageHead, origin: string, locale: Locale = DEFAULT_LOCALE, pagePath?: string): string {
  const tags: string[] = [];
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);
  if (head.title) tags.push(`<title>${escapeHtml(head.title)}</title>`);
  if (head.description) meta('name', 'description', head.description);
  // Hindi letters come from the shop's own font file, asked for at once (only on Hindi pages).
  if (locale === 'hi') {
    tags.push(
      `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(DEVANAGARI_FONT_URL)}" />`,
    );
  }
  if (head.canonicalPath !== undefined) {
    const url = absolute(addressIn(locale, head.canonicalPath), origin);
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
    meta('property', 'og:url', url);
  }
  const alternatesOf = head.canonicalPath ?? pagePath;
  if (alternatesOf !== undefined) {
    const link = (hreflang: string, address: string) =>
      tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(absolute(address, origin))}" />`);
    for (const language of LOCALES) link(HREFLANG[language], addressIn(language, alternatesOf));
    link('x-default', addressIn(DEFAULT_LOCALE, alternatesOf));
  }
  if (head.title) meta('property', 'og:title', head.title);
  if (head.description) meta('property', 'og:description', head.description);
  meta('property', 'og:type', head.type ?? 'website');
  // Every page has a raster preview: WhatsApp and Facebook show no SVG (see SHARE_CARD).
  const image = head.image || STORE_SHARE_CARD_URL;
  meta('property', 'og:image', absolute(image, origin));
  if (isShareCardUrl(image)) {
    meta('property', 'og:image:type', SHARE_CARD.type);
    meta('property', 'og:image:width', String(SHARE_CARD.width));
    meta('property', 'og:image:height', String(SHARE_CARD.height));
  }
  if (head.title) meta('property', 'og:image:alt', head.title);
  meta('name', 'twitter:card', 'summary_large_image');
  for (const data of head.structuredData ?? []) {
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return tags.join('\n    ');
}
