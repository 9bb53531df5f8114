import { onlineManager, type Query, type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * A query's `meta` for data the page can be shown without (the search box's suggestions, the cart's
 * fresh stock): its waiting for the network is not the page's.
 */
export const NOT_THE_PAGES_DATA = { notThePagesData: true } as const;

/**
 * A query the page on screen needs and has never had an answer to, stopped until the network comes
 * back: without one, the page would show its loading state for as long as the phone is offline.
 */
export const isPageDataWaitingForNetwork = (query: Query) =>
  query.getObserversCount() > 0 &&
  query.state.status === 'pending' &&
  query.state.fetchStatus === 'paused' &&
  query.meta?.notThePagesData !== true;

const anyWaiting = (cache: QueryCache) => cache.getAll().some(isPageDataWaitingForNetwork);

/** Whether the page on screen waits for data it cannot have until the phone is back online. */
export function usePageWaitingForNetwork(): boolean {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (changed) => cache.subscribe(changed),
    () => anyWaiting(cache),
    () => false,
  );
}

/** Whether the browser says it has a network (the query client's own view of it). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => onlineManager.subscribe(changed),
    () => onlineManager.isOnline(),
    () => true,
  );
}
