import { Outlet } from 'react-router';
import { TestModeBanner } from '@/features/store-info/components/TestModeBanner';
import { useT } from '@/lib/i18n';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileBottomBar } from './MobileBottomBar';
import { OfflineGate } from './OfflineNotice';
import { ScrollToTop } from './ScrollToTop';

export function MainLayout() {
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
