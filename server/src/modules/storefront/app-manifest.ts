import type { FastifyInstance } from 'fastify';
import { storeHostOf } from '../../http/store-host.js';
import { type StoreService, toStoreInfo } from '../stores/service.js';

/** The storefront's brand colour (web/src/index.css, brand-600): the phone's bar and splash screen. */
const THEME_COLOUR = '#4f46e5';

/**
 * The web app manifest of the store of the request's host, so a shopper can add the shop to their
 * home screen under its own name (Android installs it as an app).
 */
export async function appManifestRoutes(app: FastifyInstance, { stores }: { stores: StoreService }): Promise<void> {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const info = toStoreInfo(await stores.forHost(storeHostOf(request.headers.host)));
    const name = info.storeName || info.companyName || 'Online Store';
    const manifest = {
      name,
      short_name: name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12),
      ...(info.metaDescription ? { description: info.metaDescription } : {}),
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: THEME_COLOUR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(manifest));
  });
}
