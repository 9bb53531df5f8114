import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { formatCount } from '@netkart/contract';
import { type ReactNode, useCallback, useMemo } from 'react';
import { type DateLocale, formatDate, formatDateTime, formatLongDate } from '../dates';
import { formatPrice } from '../money';
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locale';
import type accountWords from './messages/account/en.json';
import type checkoutWords from './messages/checkout/en.json';
import english from './messages/en.json';
import type productWords from './messages/product/en.json';
import { renderMessage } from './render-message';

/**
 * Every word the storefront shows comes from a message catalogue (messages/en.json, hi.json):
 * ICU messages compiled at build time (see compiledCatalogues in vite.config.ts), read through
 * Lingui's small runtime. The shell's English words are in the first load; Hindi is fetched only by
 * /hi/ pages. The words of the larger pages are parts of their own (messages/<part>/en.json, hi.json),
 * fetched with the pages that show them (see `loadWordsOf` and the router's `page`).
 */

/** The catalogue's parts beside the shell's, each fetched by the pages that name it. */
export const WORD_PARTS = ['product', 'checkout', 'account'] as const;
export type WordPart = (typeof WORD_PARTS)[number];

export type MessageKey =
  | keyof typeof english
  | keyof typeof productWords
  | keyof typeof checkoutWords
  | keyof typeof accountWords;
export type MessageValues = Record<string, string | number>;

/** A catalogue as the build compiles it (TypeScript sees the JSON's source strings). */
const compiled = (catalogue: unknown) => catalogue as Messages;

/** Each part's catalogue, a chunk of its own (read at once only by the server's render and tests). */
const partCatalogues = import.meta.glob<{ default: Messages }>('./messages/*/*.json');

async function partOf(part: WordPart, locale: Locale): Promise<Messages> {
  const load = (language: Locale) => partCatalogues[`./messages/${part}/${language}.json`]?.();
  const [englishPart, localPart] = await Promise.all([load('en'), locale === 'en' ? undefined : load(locale)]);
  return { ...compiled(englishPart?.default), ...compiled(localPart?.default) };
}

/** A language's shell messages; a Hindi text still missing is the English one, never a key name. */
async function shellOf(locale: Locale): Promise<Messages> {
  if (locale === 'hi') {
    const { default: hindi } = await import('./messages/hi.json');
    return { ...compiled(english), ...compiled(hindi) };
  }
  return compiled(english);
}

/** Parts fetched in the browser so far, by language, and the page's translator they go into. */
const fetchedParts = new Map<Locale, Messages>();
let pageI18n: I18n | undefined;

/**
 * A language's messages. The server's render takes every part (its bundle is not downloaded);
 * the browser takes the shell and the parts its page has fetched so far.
 */
export async function messagesOf(locale: Locale): Promise<Messages> {
  if (import.meta.env.SSR) {
    const parts = await Promise.all(WORD_PARTS.map((part) => partOf(part, locale)));
    return Object.assign(await shellOf(locale), ...parts);
  }
  return { ...(await shellOf(locale)), ...fetchedParts.get(locale) };
}

/**
 * Fetches the parts of the catalogue a page shows, in the page's language, before the page
 * renders (the router's `page` awaits it with the page's chunk). Nothing to do on the server.
 */
export async function loadWordsOf(parts: readonly WordPart[], locale: Locale): Promise<void> {
  if (import.meta.env.SSR || parts.length === 0) return;
  const messages = Object.assign({}, ...(await Promise.all(parts.map((part) => partOf(part, locale)))));
  fetchedParts.set(locale, { ...fetchedParts.get(locale), ...messages });
  if (pageI18n?.locale === locale) pageI18n.load(locale, messages);
}

/** One language's translator: one per render on the server, one per page in the browser. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const inBrowser = typeof window !== 'undefined' && !import.meta.env.SSR;
  // The parts the first page fetched beside the shell (the boot awaits both) are in it from the start.
  const all = inBrowser ? { ...messages, ...fetchedParts.get(locale) } : messages;
  const i18n = setupI18n({ locale, messages: { [locale]: all } });
  // The browser's one page translator takes the parts its next pages fetch.
  if (inBrowser) pageI18n = i18n;
  return i18n;
}

/** Every part's words at once, for tests that render pages without their router. */
export async function loadAllWords(i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  const parts = await Promise.all(WORD_PARTS.map((part) => partOf(part, locale)));
  i18n.load(locale, Object.assign({}, ...parts));
}

/** A translator, for code outside components (given the page's `useT()`; English by default). */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

let englishI18n: I18n | undefined;
/** English, ready at once (pages rendered without a chosen language, and tests). */
export function englishI18nNow(): I18n {
  // Its own translator, never the page's (createI18n's in the browser), which takes the parts its pages fetch.
  englishI18n ??= setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: compiled(english) } });
  return englishI18n;
}

/** English words, where no page's translator is at hand. */
export const englishT: Translate = (key, values) => renderMessage(englishI18nNow(), key, values);

export function LanguageProvider({ i18n, children }: { i18n?: I18n; children: ReactNode }) {
  return <I18nProvider i18n={i18n ?? englishI18nNow()}>{children}</I18nProvider>;
}

/** The page's language. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/** The page's translator: `t('nav.allProducts')`, `t('cart.items', { count })`. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return useCallback((key: MessageKey, values?: MessageValues) => renderMessage(i18n, key, values), [i18n]);
}

/** Prices and numbers as the page's language writes them (both group by lakh: ₹1,00,000). */
export function useNumbers() {
  return NUMBERS;
}

// en-IN and hi-IN write numbers alike (Latin digits, lakh grouping): no Intl formatter (see formatCount).
const NUMBERS = { price: formatPrice, number: formatCount };

/** Dates as the page's language writes them: '05 Nov 2026' / '05 नव॰ 2026'. */
export function useDates() {
  const locale = INTL_LOCALE[useLocale()] as DateLocale;
  return useMemo(
    () => ({
      date: (iso: string) => formatDate(iso, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
      longDate: (iso: string) => formatLongDate(iso, locale),
    }),
    [locale],
  );
}
