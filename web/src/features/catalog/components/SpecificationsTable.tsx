import { useT } from '@/lib/i18n';
import { type StoreProduct, specificationsOf } from '../product';

/** The product's specifications as a table of names and values; nothing when it has none. */
export function SpecificationsTable({ product }: { product: StoreProduct }) {
  const t = useT();
  const specifications = specificationsOf(product);
  if (specifications.length === 0) return null;
  return (
    <section
      aria-labelledby="specifications-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="specifications-heading" className="text-lg font-semibold text-slate-900">
        {t('product.specifications')}
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        {specifications.map((attribute) => (
          <div key={attribute.id} className="grid grid-cols-2 gap-4 py-2 text-sm">
            <dt className="text-slate-500">{attribute.key}</dt>
            <dd className="text-slate-900">
              {attribute.value.join(', ')}
              {attribute.metricUnit ? ` ${attribute.metricUnit}` : ''}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
