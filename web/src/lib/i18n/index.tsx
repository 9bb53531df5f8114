import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { type ReactNode, useCallback, useMemo } from 'react';
import { type DateLocale, formatDate, formatDateTime, formatLongDate } from '../dates';
import { formatPrice } from '../money';
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locale';
import english from './messages/en.json';

/**
 * Every word the storefront shows comes from a message catalogue (messages/en.json, hi.json):
 * ICU messages compiled at build time (see compiledCatalogues in vite.config.ts), read through
 * Lingui's small runtime. English is in the first load; Hindi is fetched only by /hi/ pages.
 */

export type MessageKey = keyof typeof english;
export type MessageValues = Record<string, string | number>;

/** A catalogue as the build compiles it (TypeScript sees the JSON's source strings). */
const compiled = (catalogue: unknown) => catalogue as Messages;

/** A language's messages; a Hindi text still missing is the English one, never a key name. */
export async function messagesOf(locale: Locale): Promise<Messages> {
  if (locale === 'hi') {
    const { default: hindi } = await import('./messages/hi.json');
    return { ...compiled(english), ...compiled(hindi) };
  }
  return compiled(english);
}

/** One language's translator: one per render on the server, one per page in the browser. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** A translator, for code outside components (given the page's `useT()`; English by default). */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

let englishI18n: I18n | undefined;
/** English, ready at once (pages rendered without a chosen language, and tests). */
export function englishI18nNow(): I18n {
  englishI18n ??= createI18n(DEFAULT_LOCALE, compiled(english));
  return englishI18n;
}

/** English words, where no page's translator is at hand. */
export const englishT: Translate = (key, values) => englishI18nNow()._(key, values);

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
  return useCallback((key: MessageKey, values?: MessageValues) => i18n._(key, values), [i18n]);
}

/** Prices and numbers as the page's language writes them (both group by lakh: ₹1,00,000). */
export function useNumbers() {
  const locale = useLocale();
  return useMemo(() => {
    const intl = INTL_LOCALE[locale];
    const count = new Intl.NumberFormat(intl);
    return { price: formatPrice, number: (value: number) => count.format(value) };
  }, [locale]);
}

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
