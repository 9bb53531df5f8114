import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at the top (the listing's own page changes scroll smoothly themselves). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
