import { useEffect } from 'react';

/** Names the browser tab after the page: 'Orders · Back office'. */
export function useTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · Back office`;
  }, [page]);
}
