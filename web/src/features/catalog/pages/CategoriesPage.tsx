import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';
import { useT } from '@/lib/i18n';
import { CategoryCards } from '../components/CategoryCards';

/** Every category of the store on one page: where the phone's bottom bar "Category" leads. */
export default function CategoriesPage() {
  const { storeInfo, categories, isLoading } = useStoreInfo();
  const t = useT();
  usePageMeta(t('menu.categories'), { canonicalPath: '/categories' });
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{t('menu.categories')}</h1>
        <Link to="/products" className={buttonClasses('outline')}>
          {t('nav.allProducts')}
        </Link>
      </div>
      <CategoryCards storeInfo={storeInfo} categories={isLoading ? [] : categories} loading={isLoading} />
    </div>
  );
}
