import { useEffect } from 'react';
import { storeNameOf, useStoreInfo } from './store-info';

/**
 * The browser title — '<page> | <store name>', or the store name alone on the home page — and the
 * page's meta description, from the store's own details once they have arrived. Set in the browser
 * for now; a head rendered by the server can take its place without the pages changing.
 */
export function usePageMeta(page?: string, options: { brand?: string } = {}) {
  const { storeInfo } = useStoreInfo();
  const brand = options.brand ?? (storeInfo ? storeNameOf(storeInfo) : '');
  const title = page && brand ? `${page} | ${brand}` : page || brand;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const arrived = storeInfo !== null;
  const description = storeInfo?.metaDescription?.trim() ?? '';
  useEffect(() => {
    if (arrived) setMetaDescription(description);
  }, [arrived, description]);
}

/** A store without a description has none: another shop's words would be worse than none. */
function setMetaDescription(description: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}
