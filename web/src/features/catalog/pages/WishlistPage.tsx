import { productPath } from '@netkart/contract';
import { Link } from 'react-router';
import { Heart, Trash2 } from '@/components/icons';
import { ProductImage } from '@/components/ProductImage';
import { Button, buttonClasses, EmptyState, Skeleton } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useProductsById } from '../api';
import { PriceTag } from '../components/PriceTag';
import { QuickAddButton } from '../components/QuickAddButton';
import { toggleWishlist, useWishlist } from '../wishlist';

/** The products the shopper wishlisted on this device, each with Add to Cart and Remove. */
export default function WishlistPage() {
  const t = useT();
  usePageMeta(t('wishlist.title'));
  const ids = useWishlist();
  const products = useProductsById(ids);

  const remove = (id: string, name?: string) => {
    toggleWishlist(id);
    toast(t('wishlist.removed'), name ? { description: name } : undefined);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('wishlist.title')}</h1>
      {ids.length === 0 ? (
        <EmptyState
          className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          icon={<Heart className="h-6 w-6" />}
          title={t('wishlist.empty')}
          description={t('wishlist.emptyHint')}
          action={
            <Link to="/products" className={buttonClasses('primary', 'md')}>
              {t('wishlist.browse')}
            </Link>
          }
        />
      ) : (
        <ul className="space-y-4">
          {ids.map((id, index) => {
            const query = products[index];
            const product = query?.data;
            if (!product) {
              return (
                <li
                  key={id}
                  className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                >
                  {query?.isPending ? (
                    <Skeleton className="h-20 w-full" />
                  ) : (
                    <>
                      <p className="flex-1 text-slate-700">{t('wishlist.unavailable')}</p>
                      <Button variant="outline" onClick={() => remove(id)}>
                        {t('wishlist.remove')}
                      </Button>
                    </>
                  )}
                </li>
              );
            }
            return (
              <li
                key={id}
                className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 gap-4">
                  <ProductImage
                    productId={product.id}
                    src={product.image}
                    alt={product.name}
                    sizes="80px"
                    className="h-20 w-20 shrink-0 rounded-xl bg-slate-50"
                  />
                  <div className="min-w-0 space-y-1">
                    <Link to={productPath(product)} className="font-semibold text-slate-900 hover:text-brand-700">
                      {product.name}
                    </Link>
                    <PriceTag product={product} />
                  </div>
                </div>
                <div className="flex gap-2">
                  <QuickAddButton product={product} className="flex-1 sm:flex-none" />
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t('wishlist.removeNamed', { name: product.name })}
                    onClick={() => remove(product.id, product.name)}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
