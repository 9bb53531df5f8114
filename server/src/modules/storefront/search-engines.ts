import { POLICY_SLUGS, productPath } from '@netkart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storeHostOf } from '../../http/store-host.js';
import type { CatalogService } from '../catalog/service.js';
import type { StoreService } from '../stores/service.js';

/**
 * What search engines read first, per store (by host): /robots.txt keeps them out of the personal
 * pages and names the sitemap; /sitemap.xml is an index of sitemaps — the shop's own pages, then
 * the visible products 50,000 to a file (the protocol's limit), so a catalogue of millions works.
 */

/** Products per sitemap file: each is listed in every language, within the protocol's 50,000 addresses a file. */
export const SITEMAP_PAGE_SIZE = 25_000;

/**
 * The storefront's languages as search engines are told of them: English at the root (also the
 * default), Hindi under /hi/ (web/src/lib/i18n/locale.ts).
 */
const LANGUAGES = [
  { hreflang: 'en-IN', prefix: '' },
  { hreflang: 'hi-IN', prefix: '/hi' },
];

/**
 * A page's entries, one per language, each naming every language's address (hreflang) and the
 * English one as the default, as the sitemap protocol's alternates ask.
 */
function inEveryLanguage(origin: string, path: string, extra = ''): string[] {
  const alternates = [
    ...LANGUAGES.map(({ hreflang, prefix }) => alternate(hreflang, `${origin}${prefix}${path}`)),
    alternate('x-default', `${origin}${path}`),
  ].join('');
  return LANGUAGES.map(
    ({ prefix }) => `<url><loc>${xml(`${origin}${prefix}${path}`)}</loc>${extra}${alternates}</url>`,
  );
}

const alternate = (hreflang: string, href: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`;

/** Pages that belong to one shopper (or to staff): never in a search engine. */
const PRIVATE_PATHS = [
  '/cart',
  '/checkout',
  '/account',
  '/orders',
  '/payment',
  '/order-success',
  '/wishlist',
  '/track-order',
  '/reset-password',
  '/admin',
  '/api/',
];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);

const day = (timestamp: string) => timestamp.slice(0, 10);

export async function searchEngineRoutes(
  app: FastifyInstance,
  {
    catalog,
    stores,
    pageSize = SITEMAP_PAGE_SIZE,
  }: { catalog: CatalogService; stores: StoreService; pageSize?: number },
): Promise<void> {
  const storeOf = (request: FastifyRequest) => stores.forHost(storeHostOf(request.headers.host));
  // Every address is on the store's configured host, whatever Host the request named.
  const originOf = async (request: FastifyRequest) => stores.publicOrigin(await storeOf(request));

  app.get('/robots.txt', async (request, reply) => {
    const origin = await originOf(request);
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const store = await storeOf(request);
    const origin = stores.publicOrigin(store);
    const files = Math.ceil((await catalog.countShown(store.id)) / pageSize);
    const entries = [`<sitemap><loc>${xml(`${origin}/sitemap-pages.xml`)}</loc></sitemap>`];
    for (let file = 1; file <= files; file += 1) {
      entries.push(`<sitemap><loc>${xml(`${origin}/sitemap-products-${file}.xml`)}</loc></sitemap>`);
    }
    return sendXml(reply, 'sitemapindex', entries);
  });

  app.get('/sitemap-pages.xml', async (request, reply) => {
    const store = await storeOf(request);
    const origin = stores.publicOrigin(store);
    const listed: unknown = JSON.parse(store.categories_json);
    const categories = Array.isArray(listed) ? listed.filter((name): name is string => typeof name === 'string') : [];
    const paths = [
      '/',
      '/products',
      ...categories.map((name) => `/products?${new URLSearchParams({ category: name.toLowerCase() })}`),
      ...POLICY_SLUGS.map((slug) => `/${slug}`),
      '/contact',
    ];
    return sendXml(
      reply,
      'urlset',
      paths.flatMap((path) => inEveryLanguage(origin, path)),
    );
  });

  app.get<{ Params: { file: string } }>('/sitemap-products-:file.xml', async (request, reply) => {
    const file = Number(request.params.file);
    if (!Number.isInteger(file) || file < 1 || file > 100_000) return reply.code(404).send({ error: 'Not found.' });
    const store = await storeOf(request);
    const origin = stores.publicOrigin(store);
    const rows = await catalog.shownPage(store.id, { offset: (file - 1) * pageSize, limit: pageSize });
    if (rows.length === 0) return reply.code(404).send({ error: 'Not found.' });
    return sendXml(
      reply,
      'urlset',
      rows.flatMap((row) =>
        inEveryLanguage(
          origin,
          productPath({ id: row.id, name: row.title }),
          `<lastmod>${day(row.updated_at)}</lastmod>`,
        ),
      ),
    );
  });
}

function sendXml(reply: FastifyReply, root: 'sitemapindex' | 'urlset', entries: string[]) {
  // A urlset names its language alternates in the XHTML namespace.
  const namespaces =
    root === 'urlset'
      ? 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"'
      : 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} ${namespaces}>\n${entries.join('\n')}\n</${root}>\n`;
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
}
