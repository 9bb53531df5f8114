/// <reference lib="webworker" />
/**
 * The shop's service worker: the shop's code, styles and pictures are kept on the phone as they are
 * used; a page asked for without a network shows /offline.html with the cart. API answers are never
 * kept (they may be a signed-in shopper's), nor the back office. Built to /sw.js by the `offlineShop`
 * plugin (vite.config.ts), which fills in the list of files kept up front and their version.
 */
// A module, so that `self` below is this worker's own type rather than the global one.
export type {};

declare const self: ServiceWorkerGlobalScope;

/** Replaced at build time: the files the offline page needs, and a hash of their contents. */
declare const OFFLINE_FILES: readonly string[];
declare const OFFLINE_VERSION: string;

const OFFLINE_CACHE = `offline-${OFFLINE_VERSION}`;
const DAY_SECONDS = 24 * 60 * 60;
/** Built files carry a hash of their contents in their names: a kept copy is never stale. */
const CODE = { name: 'code', maxEntries: 150, maxAgeSeconds: Number.POSITIVE_INFINITY };
const PICTURES = { name: 'pictures', maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS };
type Shelf = typeof CODE;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES.map((file) => `/${file}`)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('offline-') && name !== OFFLINE_CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (OFFLINE_FILES.includes(url.pathname.slice(1))) {
    event.respondWith(keptUpFront(request));
  } else if (request.mode === 'navigate') {
    if (!url.pathname.startsWith('/admin')) event.respondWith(pageOrOfflinePage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(keptFirst(request, CODE));
  } else if (url.pathname.startsWith('/media/')) {
    event.respondWith(keptFirst(request, PICTURES));
  }
});

/** Pages always come from the network; without one, the offline page (with the cart kept on the phone). */
async function pageOrOfflinePage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match('/offline.html', { cacheName: OFFLINE_CACHE });
    if (offline) return offline;
    throw error;
  }
}

/** The offline page's own files (its script, the icons) come from what was kept at install. */
async function keptUpFront(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: OFFLINE_CACHE, ignoreSearch: true })) ?? fetch(request);
}

/** The kept copy when it is young enough, else the network's, kept for next time. */
async function keptFirst(request: Request, shelf: Shelf): Promise<Response> {
  const cache = await caches.open(shelf.name);
  const kept = await cache.match(request);
  if (kept && ageSeconds(kept) <= shelf.maxAgeSeconds) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await keepAtMost(cache, shelf.maxEntries);
  }
  return response;
}

function ageSeconds(response: Response): number {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? 0 : (Date.now() - date) / 1000;
}

/** A cache lists its entries oldest first: the oldest go when there are too many. */
async function keepAtMost(cache: Cache, maxEntries: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)));
}
