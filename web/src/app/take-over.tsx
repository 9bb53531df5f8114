import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { EarlyActions } from './early-actions';

/**
 * Hands the main thread back to the browser for a moment: taking the page over is a few steps, and
 * as tasks of their own a tap or a paint can come between them (one long task would hold both).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The browser takes the page over. React and ReactDOM were evaluated with this module; the router
 * and the query cache, then the shop's own modules, are each evaluated in a task of their own
 * (their chunks were preloaded with this one): a module and all it imports are evaluated at once,
 * and the three together held a phone's main thread for one long task.
 */
export async function takeOver(root: HTMLElement, earlyActions: EarlyActions): Promise<void> {
  await yieldToBrowser();
  await import('./routing-first');
  await yieldToBrowser();
  const { prepareApp } = await import('./boot');
  const { app, serverRendered } = await prepareApp(earlyActions);
  await yieldToBrowser();

  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a tap meanwhile has React finish it at once).
  if (serverRendered && root.firstElementChild)
    startTransition(() => {
      hydrateRoot(root, app);
    });
  else createRoot(root).render(app);
}
