import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { PageFallback } from './PageFallback';

/** A centred card for signing in and registering. */
export function AuthLayout() {
  const { storeInfo } = useStoreInfo();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-slate-50 to-brand-50 px-4 py-10">
      <Link to="/" className="mb-6 text-2xl font-bold text-slate-900">
        {storeNameOf(storeInfo)}
      </Link>
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
