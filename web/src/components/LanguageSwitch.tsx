import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { getAuthToken } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useLocale, useT } from '@/lib/i18n';
import { addressIn, basenameOf, LANGUAGE_NAME, LOCALES } from '@/lib/i18n/locale';
import { rememberLanguage, saveAccountLanguage } from '@/lib/i18n/save-language';

/**
 * The same page in the other language: a plain link (the page is rendered afresh in that language,
 * with its font), and the choice is remembered so the shop opens in it next time. A signed-in
 * shopper's account keeps it too (for the emails the shop sends): saved before the page changes.
 * `className` gives its display (`flex`, or `hidden sm:flex`) with its place and colour.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  // The router's address is inside the language's prefix; the page's own address has it.
  const here = `${basenameOf(current)}${pathname}${search}${hash}`;
  return (
    <nav aria-label={t('language.switch')} className={cn('items-center gap-1 text-sm', className)}>
      {LOCALES.filter((locale) => locale !== current).map((locale) => (
        <a
          key={locale}
          href={addressIn(locale, here)}
          hrefLang={locale}
          lang={locale}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            rememberLanguage(locale);
            // Signed in (the shop's token is held): the account keeps the language too.
            if (!getAuthToken()) return;
            event.preventDefault();
            const next = event.currentTarget.href;
            // Whether or not the account took it, the page changes language (the cookie holds the choice).
            void saveAccountLanguage(locale).finally(() => window.location.assign(next));
          }}
          className="inline-flex min-h-11 items-center rounded-lg px-2 font-medium hover:underline"
        >
          {LANGUAGE_NAME[locale]}
        </a>
      ))}
    </nav>
  );
}
