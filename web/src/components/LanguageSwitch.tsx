import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useLocale, useT } from '@/lib/i18n';
import { addressIn, basenameOf, LANGUAGE_COOKIE, LANGUAGE_NAME, LOCALES, type Locale } from '@/lib/i18n/locale';

/** A year: the shopper's choice of language outlives the visit. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

function remember(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads too (no Cookie Store API in Safari)
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${REMEMBERED_SECONDS}; samesite=lax`;
}

/**
 * The same page in the other language: a plain link (the page is rendered afresh in that language,
 * with its font), and the choice is remembered so the shop opens in it next time.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  // The router's address is inside the language's prefix; the page's own address has it.
  const here = `${basenameOf(current)}${pathname}${search}${hash}`;
  return (
    <nav aria-label={t('language.switch')} className={cn('flex items-center gap-1 text-sm', className)}>
      {LOCALES.filter((locale) => locale !== current).map((locale) => (
        <a
          key={locale}
          href={addressIn(locale, here)}
          hrefLang={locale}
          lang={locale}
          onClick={() => remember(locale)}
          className="inline-flex min-h-11 items-center rounded-lg px-2 font-medium hover:underline"
        >
          {LANGUAGE_NAME[locale]}
        </a>
      ))}
    </nav>
  );
}
