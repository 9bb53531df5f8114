import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@/features/auth/auth-context';
import { TestModeBanner } from '@/features/store-info/components/TestModeBanner';
import { useT } from '@/lib/i18n';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileBottomBar } from './MobileBottomBar';
import { OfflineGate } from './OfflineNotice';
import { ScrollToTop } from './ScrollToTop';

// Only a signed-in shopper's cart and wishlist are kept on the server: a guest never loads these.
const CartSync = lazy(() => import('@/features/cart/CartSync').then((module) => ({ default: module.CartSync })));
const WishlistSync = lazy(() =>
  import('@/features/catalog/WishlistSync').then((module) => ({ default: module.WishlistSync })),
);

export function MainLayout() {
  const { user } = useAuth();
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      <ScrollToTop />
      {user ? (
        <Suspense fallback={null}>
          <CartSync />
          <WishlistSync />
        </Suspense>
      ) : null}
      <TestModeBanner />
      <Header />
      <main id="main" className="flex-1">
        <OfflineGate>
          <Outlet />
        </OfflineGate>
      </main>
      <Footer />
      <MobileBottomBar />
    </div>
  );
}
