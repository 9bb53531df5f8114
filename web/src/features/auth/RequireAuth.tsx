import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-context';

/** Signed-in pages: nothing while auth loads; guests go to /login, which sends them back afterwards. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return null;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Where to go after signing in: the page the shopper came from, or home. */
export function originOf(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`;
}
