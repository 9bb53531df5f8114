import { useEffect } from 'react';
import { type PageHead, useRecordPageHead } from '@/lib/page-head';
import { storeNameOf, useStoreInfo } from './store-info';

export interface PageMetaOptions extends Omit<PageHead, 'title'> {
  /** The name after the page's title; the store's name by default. */
  brand?: string;
}

/**
 * The page's title — '<page> | <store name>', or the store name alone on the home page — and its
 * meta description (the page's own, else the store's), from the store's own details. The server
 * writes them into the page's head with its address, preview and structured data; in the browser
 * they follow the shopper from page to page.
 */
export function usePageMeta(page?: string, options: PageMetaOptions = {}) {
  const { brand: brandOption, description: pageDescription, ...head } = options;
  const { storeInfo } = useStoreInfo();
  const brand = brandOption ?? (storeInfo ? storeNameOf(storeInfo) : '');
  const title = page && brand ? `${page} | ${brand}` : page || brand;
  const arrived = storeInfo !== null;
  const description = (pageDescription ?? storeInfo?.metaDescription ?? '').trim();
  useRecordPageHead({ ...head, title, description });

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

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
