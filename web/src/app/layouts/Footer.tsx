import { Link } from 'react-router';
import { PhoneLink } from '@/components/PhoneLink';
import { SellerDetails } from '@/features/store-info/components/SellerDetails';
import { BrandPlaceholder } from '@/features/store-info/components/StoreBrand';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { categoryHref } from './Header';

const HELP_LINKS = [
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/refund', label: 'Refund Policy' },
  { to: '/return', label: 'Return Policy' },
  { to: '/shipping', label: 'Shipping Policy' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
];
const COMPANY_LINKS = [
  { to: '/account', label: 'My Account' },
  { to: '/orders', label: 'My Orders' },
  { to: '/track-order', label: 'Track Order' },
];

export function Footer() {
  const { storeInfo, isLoading } = useStoreInfo();
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
              Phone: <PhoneLink phone={storeInfo.companyPhone} className="hover:text-white" />
            </p>
          ) : null}
          {storeInfo?.companyEmail ? <p>Email: {storeInfo.companyEmail}</p> : null}
        </div>
        <nav aria-label="Help">
          <h2 className="text-sm font-semibold text-white">Help</h2>
          <ul className="mt-2 text-sm">
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-2 text-sm">
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {categories.length > 0 ? (
          <nav aria-label="Products">
            <h2 className="text-sm font-semibold text-white">Products</h2>
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
      <p className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()}{' '}
        {name === null ? (
          <BrandPlaceholder pulse={isLoading} label="" className="h-3 w-32 bg-slate-700 align-middle" />
        ) : (
          name.replace(/\.$/, '')
        )}
        . All rights reserved.
      </p>
    </footer>
  );
}
