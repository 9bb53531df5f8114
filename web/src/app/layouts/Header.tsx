import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Heart, Menu, Search, ShoppingCart, UserRound } from '@/components/icons';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { buttonClasses } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { useCart } from '@/features/cart/cart-context';
import { SearchBox } from '@/features/catalog/components/SearchBox';
import { StoreBrand } from '@/features/store-info/components/StoreBrand';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/use-lazy-dialog';

const SCROLL_THRESHOLD = 20;
const MobileMenu = lazy(() => import('./MobileMenu'));
const HEADER_CATEGORIES = 3;

export const categoryHref = (category: string) => `/products?category=${encodeURIComponent(category.toLowerCase())}`;

function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

export function Header() {
  const { storeInfo, categories } = useStoreInfo();
  const { itemCount } = useCart();
  const { user } = useAuth();
  const scrolled = useScrolled();
  const t = useT();
  // The menu's code is fetched the first time it is opened, and kept mounted after.
  const menu = useLazyDialog();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchRowId = useId();
  const searchToggle = useRef<HTMLButtonElement>(null);
  const closeSearch = () => {
    setSearchOpen(false);
    searchToggle.current?.focus();
  };
  const links = [
    ...categories.slice(0, HEADER_CATEGORIES).map((category) => ({ to: categoryHref(category), label: category })),
    { to: '/products', label: t('nav.allProducts') },
  ];

  return (
    <header
      className={cn(
        'sticky top-0 z-40 transition-colors',
        scrolled ? 'bg-white shadow-sm' : 'bg-white/80 backdrop-blur',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-4 sm:px-6 lg:px-8">
        <button
          {...menu.openerProps}
          className={buttonClasses('ghost', 'icon', 'lg:hidden')}
          aria-label={t('menu.open')}
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </button>
        {menu.wanted ? (
          <Suspense fallback={null}>
            <MobileMenu
              open={menu.open}
              onOpenChange={menu.setOpen}
              title={storeInfo ? storeNameOf(storeInfo) : t('menu.title')}
              categories={categories.map((category) => ({ to: categoryHref(category), label: category }))}
              links={[
                { to: '/products', label: t('nav.allProducts') },
                { to: '/wishlist', label: t('nav.wishlist') },
                { to: '/track-order', label: t('nav.trackOrder') },
                { to: '/contact', label: t('nav.contact') },
              ]}
              opener={menu.opener}
            />
          </Suspense>
        ) : null}

        {/* On a 360 px phone the name and logo are a size smaller, so a name like "NetKart" is never cut. */}
        <Link
          to="/"
          className="flex min-h-11 min-w-11 items-center gap-1.5 text-lg font-bold text-slate-900 sm:gap-2 sm:text-xl"
        >
          <StoreBrand logoClassName="h-8 max-w-40 max-sm:h-7" />
        </Link>

        {/* Beside the search box the links need a wide screen; narrower, they are in the menu. */}
        <nav aria-label={t('nav.main')} className="hidden shrink-0 items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 xl:px-3"
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden min-w-40 flex-1 md:block lg:max-w-md">
          <SearchBox />
        </div>

        {/* On a 360 px phone the brand, search, cart and Login share the row: the gaps are small there. */}
        <div className="ml-auto flex shrink-0 items-center sm:gap-1">
          <button
            ref={searchToggle}
            type="button"
            className={buttonClasses(searchOpen ? 'secondary' : 'ghost', 'icon', 'md:hidden')}
            aria-label={t('search.open')}
            aria-expanded={searchOpen}
            aria-controls={searchRowId}
            onClick={() => setSearchOpen((open) => !open)}
          >
            <Search aria-hidden="true" className="h-5 w-5" />
          </button>
          {/* On the narrowest phones the wishlist is in the menu, leaving room for the cart and account. */}
          <Link
            to="/wishlist"
            className={buttonClasses('ghost', 'icon', 'hidden sm:inline-flex')}
            aria-label={t('nav.wishlist')}
          >
            <Heart aria-hidden="true" className="h-5 w-5" />
          </Link>
          <Link
            to="/cart"
            className={buttonClasses('ghost', 'icon', 'relative')}
            aria-label={t('nav.cartWithItems', { count: itemCount })}
          >
            <ShoppingCart aria-hidden="true" className="h-5 w-5" />
            {itemCount > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold text-white"
              >
                {itemCount > 99 ? '99+' : itemCount}
              </span>
            ) : null}
          </Link>
          {user ? (
            <Link to="/account" className={buttonClasses('ghost', 'icon')} aria-label={t('nav.myAccountLabel')}>
              <UserRound aria-hidden="true" className="h-5 w-5" />
            </Link>
          ) : (
            <Link to="/login" className={buttonClasses('primary', 'md', 'max-sm:px-2.5')}>
              {t('nav.login')}
            </Link>
          )}
          <LanguageSwitch className="hidden text-slate-700 sm:flex" />
        </div>
      </div>
      {searchOpen ? (
        <div id={searchRowId} className="border-t border-slate-200 bg-white px-4 py-2 sm:px-6 md:hidden">
          <SearchBox focusOnMount onDone={closeSearch} />
        </div>
      ) : null}
    </header>
  );
}
