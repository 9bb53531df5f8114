import { apiRequest } from '@/lib/api-client';
import { LANGUAGE_COOKIE, type Locale } from './locale';

/** A year: the shopper's choice of language outlives the visit. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

/** The language the shop opens in next time, in this browser (the server reads the cookie too). */
export function rememberLanguage(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads too (no Cookie Store API in Safari)
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${REMEMBERED_SECONDS}; samesite=lax`;
}

/** The signed-in shopper's language, kept on the account for what the shop writes to them (POST /account/language). */
export async function saveAccountLanguage(locale: Locale): Promise<boolean> {
  const result = await apiRequest('/account/language', { method: 'POST', body: { language: locale } });
  return result.ok;
}
