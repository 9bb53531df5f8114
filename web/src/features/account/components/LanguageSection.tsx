import type { AccountInfo } from '@netkart/contract';
import { useState } from 'react';
import { useLocale, useT } from '@/lib/i18n';
import { addressIn, LANGUAGE_NAME, LOCALES, type Locale } from '@/lib/i18n/locale';
import { rememberLanguage, saveAccountLanguage } from '@/lib/i18n/save-language';
import { toast } from '@/lib/toast';

/**
 * The shopper's language: kept on the account (the shop's emails are written in it) and in this
 * browser; once saved, the account page opens again in it.
 */
export function LanguageSection({ info }: { info: AccountInfo | undefined }) {
  const t = useT();
  const page = useLocale();
  const [saving, setSaving] = useState(false);
  const chosen: Locale = info?.language ?? page;
  const choose = async (locale: Locale) => {
    setSaving(true);
    const saved = await saveAccountLanguage(locale);
    setSaving(false);
    if (!saved) {
      toast.error(t('language.notSaved'), { description: t('reminders.tryAgain') });
      return;
    }
    rememberLanguage(locale);
    if (locale !== page) window.location.assign(addressIn(locale, '/account'));
  };
  return (
    <section aria-labelledby="language-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="language-heading" className="text-lg font-semibold text-slate-900">
        {t('language.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('language.intro')}</p>
      <fieldset className="mt-4 flex flex-wrap gap-4" disabled={saving}>
        <legend className="sr-only">{t('language.heading')}</legend>
        {LOCALES.map((locale) => (
          <label key={locale} lang={locale} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="account-language"
              value={locale}
              checked={chosen === locale}
              onChange={() => void choose(locale)}
              className="h-4 w-4 accent-brand-600"
            />
            {LANGUAGE_NAME[locale]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
