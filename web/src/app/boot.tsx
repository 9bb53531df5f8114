import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { createI18n, messagesOf } from '@/lib/i18n';
import { basenameOf, localeOfPath } from '@/lib/i18n/locale';
import { registerServiceWorker } from '@/lib/service-worker';
import { SiteOriginContext } from '@/lib/site-origin';
import { toast } from '@/lib/toast';
import { readAppState } from './app-state';
import type { EarlyActions } from './early-actions';
import { AppProviders, createQueryClient } from './providers';
import { createHydratingRouter } from './router';

/**
 * Marks the page as taken over by the browser (`<html data-interactive>`): from then on its buttons
 * and forms are the app's. Browser tests wait for it before they click. It wraps the router rather
 * than standing beside it, so the tree has the server's shape and every useId matches the server's
 * (an id made in the browser for a list or dialog opened later must match the server's aria-controls).
 */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return children;
}

/** A tap made while the page was loading, on a button the page as it is now no longer offers. */
function tellUnavailable(name: string) {
  toast.error(name ? `${name}: not done` : 'Not done', {
    description: 'This is no longer possible here. The page now shows what you can do.',
  });
}

/**
 * The shop, ready to take the page over: the data the server rendered it with is in the query
 * cache and the page's own chunks are loaded, so nothing is asked again. `serverRendered` says
 * whether there is a page to hydrate (else the browser renders it alone).
 */
export async function prepareApp(earlyActions?: EarlyActions): Promise<{ app: ReactNode; serverRendered: boolean }> {
  if (earlyActions) earlyActions.onUnavailable = tellUnavailable;
  const state = readAppState();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  const locale = localeOfPath(window.location.pathname);
  const [router, messages] = await Promise.all([
    createHydratingRouter(queryClient, state?.router, basenameOf(locale)),
    messagesOf(locale),
  ]);
  const i18n = createI18n(locale, messages);
  registerServiceWorker();
  const app = (
    <StrictMode>
      {/* The store's configured origin, as the server rendered the page with it (not the address bar's host). */}
      <SiteOriginContext.Provider value={state?.origin ?? ''}>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          <Interactive>
            <RouterProvider router={router} />
          </Interactive>
        </AppProviders>
      </SiteOriginContext.Provider>
    </StrictMode>
  );
  return { app, serverRendered: state !== undefined };
}
