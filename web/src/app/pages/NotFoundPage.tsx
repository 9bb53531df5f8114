import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';

export default function NotFoundPage() {
  const t = useT();
  usePageMeta(t('notFound.title'));
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-7xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('notFound.heading')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
