import type { StoreInfo } from '@netkart/contract';
import { storeNameOf } from './store-info';

/** What search engines read about the shop itself (schema.org Organization and WebSite), from its details. */
export function storeStructuredData(storeInfo: StoreInfo, origin: string): object[] {
  const absolute = (address: string) => (/^https?:\/\//i.test(address) ? address : `${origin}${address}`);
  const name = storeNameOf(storeInfo);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name,
      url: `${origin}/`,
      ...(storeInfo.legalName || storeInfo.companyName
        ? { legalName: storeInfo.legalName || storeInfo.companyName }
        : {}),
      ...(storeInfo.companyLogoUrl ? { logo: absolute(storeInfo.companyLogoUrl) } : {}),
      ...(storeInfo.companyEmail ? { email: storeInfo.companyEmail } : {}),
      ...(storeInfo.companyPhone ? { telephone: storeInfo.companyPhone } : {}),
      ...(storeInfo.companyAddress ? { address: storeInfo.companyAddress } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name,
      url: `${origin}/`,
      // The shop's search, so a search engine can offer a search box for it.
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/products?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
