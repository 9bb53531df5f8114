import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { RateLimitConfig, TrustProxy } from './config.js';
import type { Database } from './db/schema.js';
import { bearerTokenOf } from './http/auth.js';
import { installErrorHandling } from './http/error-handler.js';
import { trackInFlight } from './http/in-flight.js';
import { API_PREFIX } from './http/paths.js';
import { isAllowedOrigin, selfAndSiblingSources } from './http/site-origins.js';
import { refuseNulCharacters } from './http/text-guard.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { AccountService } from './modules/accounts/service.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { CatalogService } from './modules/catalog/service.js';
import { orderRoutes } from './modules/orders/routes.js';
import { DEFAULT_ORDER_POLICY, type OrderPolicy, OrderService } from './modules/orders/service.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { PaymentService } from './modules/payments/service.js';
import { NO_PAYMENT_ENVIRONMENT, type PaymentEnvironment } from './modules/payments/settings.js';
import { storeRoutes } from './modules/stores/routes.js';
import { StoreService, storeHostOf } from './modules/stores/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo store's pictures, shipped with the code. */
export const MEDIA_DIR = path.resolve(here, '../public/media');
export const WEB_DIST_DIR = path.resolve(here, '../../web/dist');

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  db: Database;
  /** The services to serve; made from `db` with the default settings when not given. */
  services?: Services;
  rateLimits: RateLimitConfig;
  logger?: FastifyServerOptions['logger'];
  /** The built storefront to serve; skipped when the folder does not exist. */
  webDistDir?: string;
  /** The merchant's own pictures, served under /media/ after the built-in ones. */
  merchantMediaDir?: string;
  /** Behind a TLS-terminating proxy: believe its X-Forwarded-For (rate limits) and -Proto (payment return URLs). */
  trustProxy?: TrustProxy;
}

export interface Services {
  stores: StoreService;
  accounts: AccountService;
  catalog: CatalogService;
  orders: OrderService;
  payments: PaymentService;
}

/** What the services take from the configuration (the server's and the `store` command's). */
export interface ServiceSettings {
  payments: PaymentEnvironment;
  orders: OrderPolicy;
}

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = {
  payments: NO_PAYMENT_ENVIRONMENT,
  orders: DEFAULT_ORDER_POLICY,
};

export function createServices(db: Database, settings: ServiceSettings = DEFAULT_SERVICE_SETTINGS): Services {
  const orders = new OrderService(db, settings.orders);
  return {
    stores: new StoreService(db),
    accounts: new AccountService(db),
    catalog: new CatalogService(db),
    orders,
    payments: new PaymentService(db, orders, settings.payments),
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    trustProxy: options.trustProxy ?? false,
  });
  const services = options.services ?? createServices(options.db);

  app.decorate('inFlight', trackInFlight(app));
  installErrorHandling(app);
  // The API speaks JSON only; plain text would otherwise reach the handlers as a string.
  app.removeContentTypeParser('text/plain');
  // Payment gateways post their callbacks as HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // Catalogue pictures may live on the merchant's own https CDN.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        // The storefront on shop.example calls its API on api.shop.example and posts the sandbox
        // gateway's form there, which sends the payer back; PayU's hosted checkout receives the payer's form.
        'connect-src': [selfAndSiblingSources],
        'form-action': [selfAndSiblingSources, 'https://*.payu.in'],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        // Helmet's default would send a shop opened over plain http (a phone on the shop's own
        // network) to https for its scripts, and show a blank page; our own pictures and scripts
        // are same-origin and others must be https already (img-src), so it adds nothing.
        'upgrade-insecure-requests': null,
      },
    },
    // The storefront is served from shop.example and the API from api.shop.example.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  // Shoppers on mobile data: JSON, pages and pictures go out compressed (brotli, else gzip).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(cors, {
    delegator: async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
      const allowed = await isAllowedOrigin(request.headers.origin, request.headers.host, (host) =>
        services.stores.isKnownHost(host),
      );
      return { credentials: true, methods: ['GET', 'POST', 'PUT', 'DELETE'], origin: allowed };
    },
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        request.store = await services.stores.forHost(storeHostOf(request.headers.host));
        request.bearerToken = bearerTokenOf(request);
        request.user = request.bearerToken
          ? await services.accounts.userForToken(request.store.id, request.bearerToken)
          : undefined;
      });
      api.addHook('preValidation', async (request) => refuseNulCharacters(request));
      api.get('/health', async (_request, reply) => {
        await sql`select 1`.execute(options.db);
        return reply.header('cache-control', 'no-store').send({ status: 'ok' });
      });
      await api.register(storeRoutes, { payments: services.payments });
      await api.register(accountRoutes, { accounts: services.accounts, limits: options.rateLimits });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(orderRoutes, { orders: services.orders, payments: services.payments });
      await api.register(paymentRoutes, { payments: services.payments });
    },
    { prefix: API_PREFIX },
  );

  await app.register(fastifyStatic, {
    // First found wins: the demo pictures, then whatever the merchant put in their folder.
    root: options.merchantMediaDir ? [MEDIA_DIR, options.merchantMediaDir] : MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });

  const webDist = options.webDistDir ?? WEB_DIST_DIR;
  const indexHtml = path.join(webDist, 'index.html');
  const html = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : undefined;
  if (html) {
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
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      html !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      !request.url.startsWith('/media/');
    if (!wantsPage) return reply.code(404).send({ error: 'Not found.' });
    // Every storefront route is the single-page app; it shows its own 404 for unknown paths.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });

  return app;
}
