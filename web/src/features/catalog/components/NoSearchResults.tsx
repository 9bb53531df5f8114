import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { categoryLinkOf } from '../listing-links';

interface NoSearchResultsProps {
  q: string;
  /** The store's categories, to browse instead. */
  categories: string[];
  /** The listing without the search words. */
  clearSearchTo: string;
}

/** A search that found nothing: what was searched for, where to browse instead, and the way back. */
export function NoSearchResults({ q, categories, clearSearchTo }: NoSearchResultsProps) {
  const t = useT();
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm sm:p-10">
      <h1 className="text-lg font-semibold break-words text-slate-900">{t('search.noneFound', { q })}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('search.noneHint')}</p>
      {categories.length > 0 ? (
        <nav aria-label={t('menu.categories')} className="mt-6">
          <ul className="flex flex-wrap justify-center gap-2">
            {categories.map((category) => (
              <li key={category}>
                <Link to={categoryLinkOf(category)} className={buttonClasses('outline', 'md')}>
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Link to={clearSearchTo} className={buttonClasses('ghost', 'md', 'mt-4')}>
        {t('search.clear')}
      </Link>
    </div>
  );
}
