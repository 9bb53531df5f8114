import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at the top (the listing's own page changes scroll smoothly themselves). The
 * page the browser opened is left where the browser put it (the top, or where a reload was):
 * scrolling it again would force a layout of the whole page in the middle of its hydration.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    const opened = !mounted.current && navigationType === 'POP';
    mounted.current = true;
    if (!opened) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
