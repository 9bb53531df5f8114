/**
 * The storefront's languages and their addresses: English at the root, Hindi under /hi/. Plain
 * functions with no React, shared by the server's render, the browser's boot and the language switch.
 */

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The language a shopper chose, remembered for their next visit (the server reads it too). */
export const LANGUAGE_COOKIE = 'lang';

/** What `<html lang>` says, and what hreflang names for each language (India's variants). */
export const HTML_LANG: Record<Locale, string> = { en: 'en', hi: 'hi' };
export const HREFLANG: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
/** The locale Intl formats prices and dates with. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** The address prefix of a language's pages: '' for English, '/hi' for Hindi. */
export const basenameOf = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/** The language of a page by its address: /hi and /hi/… are Hindi, everything else English. */
export function localeOfPath(pathname: string): Locale {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    if (pathname === `/${locale}` || pathname.startsWith(`/${locale}/`)) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The same page in English: the address without its language prefix (query and hash kept). */
export function withoutLocale(address: string): string {
  const locale = localeOfPath(address.split(/[?#]/)[0] ?? '');
  if (locale === DEFAULT_LOCALE) return address;
  const rest = address.slice(basenameOf(locale).length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** The same page in another language: '/products?q=x' → '/hi/products?q=x', '/' → '/hi/'. */
export function addressIn(locale: Locale, address: string): string {
  const english = withoutLocale(address);
  return `${basenameOf(locale)}${english}`;
}

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
