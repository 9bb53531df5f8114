import { NavLink } from 'react-router';
import { House, LayoutGrid, ShoppingCart, UserRound } from '@/components/icons';
import { useCart } from '@/features/cart/cart-context';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';

/** Phones only: the four places a shopper goes most. */
export function MobileBottomBar() {
  const { itemCount } = useCart();
  const t = useT();
  const items = [
    { to: '/', label: t('nav.home'), icon: House, end: true },
    // Category opens the list of every category, not the products of none in particular.
    { to: '/categories', label: t('nav.category'), icon: LayoutGrid, end: false },
    { to: '/account', label: t('nav.myAccount'), icon: UserRound, end: false },
    { to: '/cart', label: t('nav.cart'), icon: ShoppingCart, end: false },
  ];
  return (
    <nav
      aria-label={t('nav.quick')}
      className="fixed inset-x-0 bottom-0 z-40 h-(--bottom-bar-height) border-t border-slate-200 bg-white md:hidden"
    >
      <ul className="grid h-full grid-cols-4">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to} className="h-full">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'relative flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  isActive ? 'text-brand-700' : 'text-slate-600',
                )
              }
            >
              <Icon aria-hidden="true" className="h-5 w-5" />
              {label}
              {to === '/cart' && itemCount > 0 ? (
                <span className="absolute top-1 right-1/4 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-600 px-1 text-[10px] font-bold text-white">
                  <span className="sr-only">{t('nav.cartItemsSr')}</span>
                  {itemCount}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
