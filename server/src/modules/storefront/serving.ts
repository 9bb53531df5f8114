import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { productAddress } from '@netkart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../http/paths.js';
import { inlineScriptSources } from '../../http/security-headers.js';
import { storeHostOf } from '../../http/store-host.js';
import type { CatalogService } from '../catalog/service.js';
import { NO_STORE_PAGE } from '../stores/no-store-page.js';
import type { StoreService } from '../stores/service.js';
import { loadStorefrontPages } from './pages.js';

/** The CSP sources of the scripts inside the built storefront's page (none when it is not built). */
export function storefrontScriptSources(webDist: string): string[] {
  const indexHtml = path.join(webDist, 'index.html');
  return fs.existsSync(indexHtml) ? inlineScriptSources(fs.readFileSync(indexHtml, 'utf8')) : [];
}

/**
 * The built storefront beside the API, in one process: its assets as files (their brotli and gzip
 * copies as they are), the back office's page under /admin, and every other address a storefront
 * page rendered here. Skipped when the storefront is not built.
 */
export async function serveStorefront(
  app: FastifyInstance,
  {
    webDist,
    stores,
    catalog,
    publicOriginAt,
  }: {
    webDist: string;
    stores: StoreService;
    catalog: CatalogService;
    publicOriginAt: (hostHeader: string | undefined) => Promise<string>;
  },
): Promise<{ servesPages: boolean }> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexHtml)) return { servesPages: false };
  const html = fs.readFileSync(indexHtml, 'utf8');
  // The back office is its own page and bundle: shoppers never download its code.
  const adminHtmlFile = path.join(webDist, 'admin.html');
  const adminHtml = fs.existsSync(adminHtmlFile) ? fs.readFileSync(adminHtmlFile, 'utf8') : undefined;

  // @fastify/static picks the .br/.gz copy by Accept-Encoding but does not say so to caches.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/')) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    return payload;
  });
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of each asset; send those as they are.
    preCompressed: true,
    // Built assets carry a content hash in their names: cache them for good; revalidate the rest.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      response.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
      );
    },
  });

  const pages = await loadStorefrontPages(app, webDist, html, publicOriginAt);
  // A route, not the not-found handler: pages go out compressed like every other answer.
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith('/media/')) {
      return reply.code(404).send({ error: 'Not found.' });
    }
    if (!(await stores.exists())) {
      return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NO_STORE_PAGE);
    }
    const pathname = request.url.split('?')[0] ?? '';
    if (adminHtml && (pathname === '/admin' || pathname.startsWith('/admin/'))) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(adminHtml);
    }
    const chosen = chosenLanguagePage(request, pathname);
    if (chosen) return reply.header('cache-control', 'no-store').header('vary', 'Cookie').redirect(chosen, 302);
    const moved = await productMovedTo(request, pathname, { stores, catalog });
    if (moved) return reply.header('cache-control', 'public, max-age=3600').redirect(moved, 301);
    // Every other address is a storefront page; an unknown one is the spec's 404 page.
    return pages.send(request, reply);
  });
  return { servesPages: true };
}

/** The storefront's languages other than English, each under its own prefix (/hi/…). */
const OTHER_LANGUAGES = ['hi'];
/** The cookie the language switch sets (web/src/lib/i18n/locale.ts). */
const LANGUAGE_COOKIE = 'lang';

/**
 * An English address asked by a shopper who chose another language with the switch: that
 * language's page instead. A shopper who chose English, or never chose, gets the address asked.
 */
function chosenLanguagePage(request: FastifyRequest, pathname: string): string | undefined {
  if (OTHER_LANGUAGES.some((language) => pathname === `/${language}` || pathname.startsWith(`/${language}/`))) {
    return undefined;
  }
  const cookies = String(request.headers.cookie ?? '');
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookies)?.[1];
  if (!chosen || !OTHER_LANGUAGES.includes(chosen)) return undefined;
  return `/${chosen}${request.url}`;
}

/**
 * A product page asked for by another address than its own — the spec's /product/{id}, or an old
 * name's slug — moves for good to /product/{slug}-{code} (query kept), before anything renders.
 */
async function productMovedTo(
  request: FastifyRequest,
  pathname: string,
  { stores, catalog }: { stores: StoreService; catalog: CatalogService },
): Promise<string | undefined> {
  // The same page in Hindi (/hi/product/…) moves the same way, staying in Hindi.
  const [, language = '', asked] = /^(\/hi)?\/product\/([^/]+)\/?$/.exec(pathname) ?? [];
  if (!asked) return undefined;
  let address: string;
  try {
    address = decodeURIComponent(asked);
  } catch {
    return undefined;
  }
  const store = await stores.forHost(storeHostOf(request.headers.host));
  const product = await catalog.get(store.id, address);
  if (!product) return undefined;
  const own = productAddress({ id: product.id, name: product.title });
  if (own === address && pathname === `${language}/product/${own}`) return undefined;
  const query = request.url.slice(pathname.length);
  return `${language}/product/${own}${query}`;
}
