import { roleMay, type StaffPower, type StaffSession } from '@netkart/contract';
import { Link, NavLink, Outlet } from 'react-router';
import { LogOut } from '@/components/icons';
import { Button, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { SignInPage } from '../auth/SignInPage';
import { SessionProvider, useSessionQuery, useSignOut } from '../auth/session';

/** Every page of the back office: the sign-in form until someone is signed in, then the header and the page. */
export function AdminLayout() {
  const session = useSessionQuery();
  if (session.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (session.isError) {
    return (
      <main className="mx-auto max-w-md space-y-4 px-4 py-12">
        <p role="alert">{session.error.message}</p>
        <Button onClick={() => session.refetch()}>Try again</Button>
      </main>
    );
  }
  if (!session.data) return <SignInPage />;
  return (
    <SessionProvider value={session.data}>
      <SignedIn session={session.data} />
    </SessionProvider>
  );
}

/** The pages a role may open (contract's ROLE_POWERS): a role never sees a page it cannot use offered. */
function navItems(session: StaffSession) {
  const items: { to: string; label: string; power: StaffPower }[] = [
    { to: '/admin', label: 'Home', power: 'orders.read' },
    { to: '/admin/orders', label: 'Orders', power: 'orders.read' },
    { to: '/admin/returns', label: 'Returns', power: 'orders.read' },
    { to: '/admin/refunds', label: 'Refunds', power: 'orders.read' },
    { to: '/admin/products', label: 'Products', power: 'catalogue.read' },
    { to: '/admin/reviews', label: 'Reviews', power: 'catalogue.read' },
    { to: '/admin/coupons', label: 'Coupons', power: 'catalogue.read' },
    { to: '/admin/tickets', label: 'Tickets', power: 'tickets' },
    { to: '/admin/emails', label: 'Messages', power: 'tickets' },
    { to: '/admin/settings', label: 'Settings', power: 'settings' },
    { to: '/admin/activity', label: 'Activity', power: 'settings' },
  ];
  return items.filter((item) => roleMay(session.role, item.power));
}

function SignedIn({ session }: { session: StaffSession }) {
  const signOut = useSignOut();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0">
            <Link to="/admin" className="block truncate font-semibold text-slate-900 hover:underline">
              {session.store.name}
            </Link>
            <p className="text-xs text-slate-600">Back office</p>
          </div>
          <nav aria-label="Back office" className="-mx-1 flex flex-wrap items-center gap-1">
            {navItems(session).map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/admin'}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm text-slate-700">{session.name}</span>
            <Button variant="outline" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Sign out
            </Button>
          </div>
        </div>
        {session.role === 'owner' && !session.twoFactor ? (
          <div className="border-t border-amber-200 bg-amber-50">
            <p className="container-page py-2 text-sm break-words text-amber-900">
              Turn on two-factor sign-in: npm run store -- staff two-factor {session.email}
            </p>
          </div>
        ) : null}
      </header>
      <main className="container-page py-6">
        <Outlet />
      </main>
    </div>
  );
}
