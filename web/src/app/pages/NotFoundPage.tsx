import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';

export default function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-7xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Return to Home
      </Link>
    </div>
  );
}
