import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { PhoneLink } from '@/components/PhoneLink';
import { SellerDetails } from '@/features/store-info/components/SellerDetails';
import { BrandPlaceholder } from '@/features/store-info/components/StoreBrand';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { type MessageKey, useT } from '@/lib/i18n';
import { categoryHref } from './Header';

const HELP_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/terms', label: 'footer.terms' },
  { to: '/privacy', label: 'footer.privacy' },
  { to: '/refund', label: 'footer.refund' },
  { to: '/return', label: 'footer.return' },
  { to: '/shipping', label: 'footer.shipping' },
  { to: '/about', label: 'footer.about' },
  { to: '/contact', label: 'footer.contactUs' },
];
const COMPANY_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/account', label: 'nav.myAccount' },
  { to: '/orders', label: 'footer.myOrders' },
  { to: '/track-order', label: 'nav.trackOrder' },
];

export function Footer() {
  const { storeInfo, isLoading } = useStoreInfo();
  const t = useT();
  // Until the store's details arrive (or if they fail) a placeholder: never another shop's name.
  const name = storeInfo ? storeInfo.companyName || storeNameOf(storeInfo) : null;
  const categories = storeInfo?.categories ?? [];
  return (
    <footer className="mt-auto bg-slate-900 pb-20 text-slate-300 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="space-y-2 text-sm">
          <p className="text-base font-semibold text-white">
            {name ?? <BrandPlaceholder pulse={isLoading} label="" className="h-5 w-40 bg-slate-700" />}
          </p>
          {storeInfo?.companyAddress ? <p>{storeInfo.companyAddress}</p> : null}
          {storeInfo?.companyPhone ? (
            <p>
              {t('footer.phone')} <PhoneLink phone={storeInfo.companyPhone} className="hover:text-white" />
            </p>
          ) : null}
          {storeInfo?.companyEmail ? (
            <p>
              {t('footer.email')} {storeInfo.companyEmail}
            </p>
          ) : null}
        </div>
        <nav aria-label={t('footer.help')}>
          <h2 className="text-sm font-semibold text-white">{t('footer.help')}</h2>
          <ul className="mt-2 text-sm">
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.company')}>
          <h2 className="text-sm font-semibold text-white">{t('footer.company')}</h2>
          <ul className="mt-2 text-sm">
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {categories.length > 0 ? (
          <nav aria-label={t('footer.products')}>
            <h2 className="text-sm font-semibold text-white">{t('footer.products')}</h2>
            <ul className="mt-2 text-sm">
              {categories.map((category) => (
                <li key={category}>
                  <Link
                    to={categoryHref(category)}
                    className="inline-flex min-h-11 min-w-11 items-center hover:text-white hover:underline"
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <SellerDetails tone="dark" className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8" />
      <LanguageSwitch className="mx-auto flex max-w-7xl px-4 pb-4 text-slate-300 sm:px-6 lg:px-8" />
      <p className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()}{' '}
        {name === null ? (
          <BrandPlaceholder pulse={isLoading} label="" className="h-3 w-32 bg-slate-700 align-middle" />
        ) : (
          name.replace(/\.$/, '')
        )}
        {t('footer.rightsReserved')}
      </p>
    </footer>
  );
}
