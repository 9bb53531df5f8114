import { useStoreInfo } from '@/features/store-info/store-info';
import { useT } from '@/lib/i18n';
import type { StoreProduct } from '../product';

/** Under the price (which names the M.R.P.): that it includes every tax. */
export function TaxesIncluded() {
  const t = useT();
  return <p className="text-sm text-slate-600">{t('product.taxesIncluded')}</p>;
}

/** What the label says: origin, who made or imported it, net quantity, BIS registration, and who sells it. */
export function ProductParticulars({ product }: { product: StoreProduct }) {
  const t = useT();
  const { storeInfo } = useStoreInfo();
  const seller = storeInfo ? storeInfo.legalName || storeInfo.companyName : undefined;
  const rows: [string, string][] = [];
  if (product.countryOfOrigin) rows.push([t('product.countryOfOrigin'), product.countryOfOrigin]);
  if (product.manufacturer) rows.push([t('product.manufacturer'), product.manufacturer]);
  if (product.importer) rows.push([t('product.importer'), product.importer]);
  if (product.netQuantity) rows.push([t('product.netQuantity'), product.netQuantity]);
  if (product.bisRegistration) rows.push([t('product.bisRegistration'), product.bisRegistration]);
  if (rows.length === 0 && !seller) return null;
  return (
    <section
      aria-labelledby="product-details-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="product-details-heading" className="text-lg font-semibold text-slate-900">
        {t('product.details')}
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-2 gap-4 py-2 text-sm">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {seller ? <p className="mt-4 text-sm text-slate-700">{t('product.soldBy', { seller })}</p> : null}
    </section>
  );
}
