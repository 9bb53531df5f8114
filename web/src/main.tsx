import './lib/strict-csp';
import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readAppState } from './app/app-state';
import { AppProviders, createQueryClient } from './app/providers';
import { createHydratingRouter } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/**
 * Hands the main thread back to the browser for a moment: taking the page over is a few steps, and
 * as tasks of their own a tap or a paint can come between them (one long task would hold both).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server rendered the page and sent the data it showed: take both over without asking again.
await yieldToBrowser();
const state = readAppState();
const queryClient = createQueryClient();
if (state) hydrate(queryClient, state.queries);
const router = await createHydratingRouter(queryClient, state?.router);
await yieldToBrowser();

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

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <Interactive>
        <RouterProvider router={router} />
      </Interactive>
    </AppProviders>
  </StrictMode>
);
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (a tap meanwhile has React finish it at once).
if (state && root.firstElementChild)
  startTransition(() => {
    hydrateRoot(root, app);
  });
else createRoot(root).render(app);
registerServiceWorker();
