import { Link, Outlet } from 'react-router';
import { StoreBrand } from '@/features/store-info/components/StoreBrand';

/** A centred card for signing in and registering. */
export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-slate-50 to-brand-50 px-4 py-10">
      <Link to="/" className="mb-6 flex min-h-11 min-w-11 items-center gap-2 text-2xl font-bold text-slate-900">
        <StoreBrand logoClassName="h-10 max-w-48" placeholderClassName="h-8 w-40 bg-slate-200" />
      </Link>
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
