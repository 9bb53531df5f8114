import { createContext, useContext } from 'react';

/**
 * The shop's origin as the shopper reached it ('https://netkart.in'): given by the server while
 * it renders a page, and by the browser's address bar once the page runs there.
 */
export const SiteOriginContext = createContext<string>('');

export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  return origin || (typeof window === 'undefined' ? '' : window.location.origin);
}
