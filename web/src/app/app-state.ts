import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the server hands the browser with a page it rendered: the data it showed. */
export interface AppState {
  queries: DehydratedState;
  router: HydrationState;
  /** The store's public origin the page was rendered for, which its structured data names. */
  origin?: string;
}

export const APP_STATE_ELEMENT_ID = 'app-state';

/** The state of a page the server rendered, or undefined for a page the browser renders alone. */
export function readAppState(): AppState | undefined {
  const text = document.getElementById(APP_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AppState;
  } catch {
    return undefined;
  }
}
