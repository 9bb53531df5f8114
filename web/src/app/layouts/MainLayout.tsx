import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { MobileBottomBar } from '@/components/layout/MobileBottomBar';
import { ScrollToTop } from '@/components/layout/ScrollToTop';
import { TestModeBanner } from '@/features/store-info/components/TestModeBanner';
import { PageFallback } from './PageFallback';

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <TestModeBanner />
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <MobileBottomBar />
    </div>
  );
}
