import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { HealthResponse } from '@store/contract';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimitConfig, TrustProxy } from './config.js';
import { watchStoreChanges } from './db/change-watch.js';
import type { Database } from './db/schema.js';
import { probeWrite } from './db/write-probe.js';
import { installApiDocs } from './http/api-docs.js';
import { bearerTokenOf } from './http/auth.js';
import { answerConditionalGets, COMPRESS_FROM_BYTES, encodingFor } from './http/conditional-get.js';
import { answerClientError, installErrorHandling } from './http/error-handler.js';
import { HttpError } from './http/errors.js';
import { trackInFlight } from './http/in-flight.js';
import { databaseLimitStore, installLimits, redisLimitStore } from './http/limits.js';
import { AnswerLines, requestIdOf, requestLineLogger, shopLogging } from './http/logging.js';
import { API_PREFIX } from './http/paths.js';
import { markPrivateAnswers } from './http/private-answers.js';
import { RecordedAnswers, serverWithFrontDoor } from './http/recorded-answers.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { isAllowedOrigin, selfAndSiblingSources } from './http/site-origins.js';
import { storeHostOf } from './http/store-host.js';
import { refuseNulCharacters } from './http/text-guard.js';
import { holdInputErrors, serializerCompiler, validatorCompiler } from './http/wire.js';
import { PasswordResets } from './modules/accounts/password-reset.js';
import { limitPasswordHashing, type ScryptCost } from './modules/accounts/passwords.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { AccountService } from './modules/accounts/service.js';
import { AdminDashboards } from './modules/admin/dashboard.js';
import { AdminOrders } from './modules/admin/orders.js';
import { AdminProducts } from './modules/admin/products.js';
import { adminRoutes } from './modules/admin/routes.js';
import { AuditLog } from './modules/audit/service.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { CatalogService } from './modules/catalog/service.js';
import { contactRoutes } from './modules/contact/routes.js';
import { ContactService } from './modules/contact/service.js';
import { documentsOfOrders } from './modules/invoices/listing.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { InvoiceService } from './modules/invoices/service.js';
import { welcomeMessage } from './modules/messages/account-messages.js';
import type { MessageSettings } from './modules/messages/layout.js';
import { OrderMail } from './modules/messages/order-mail.js';
import { Outbox } from './modules/messages/outbox.js';
import { StockSummary } from './modules/messages/stock-summary.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { NewsletterService } from './modules/newsletter/service.js';
import { orderRoutes } from './modules/orders/routes.js';
import { DEFAULT_ORDER_POLICY, type OrderPolicy, OrderService } from './modules/orders/service.js';
import { paymentFormActions, paymentWaitsByHand } from './modules/payments/registry.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { PaymentService } from './modules/payments/service.js';
import { NO_PAYMENT_ENVIRONMENT, type PaymentEnvironment } from './modules/payments/settings.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { PrivacyService } from './modules/privacy/service.js';
import { StaffService } from './modules/staff/service.js';
import { appManifestRoutes } from './modules/storefront/app-manifest.js';
import { PictureCopies, pictureCopyRoutes } from './modules/storefront/picture-copies.js';
import { searchEngineRoutes } from './modules/storefront/search-engines.js';
import { serveStorefront } from './modules/storefront/serving.js';
import { KnownStores, revisionOf } from './modules/stores/known-stores.js';
import { storeRoutes } from './modules/stores/routes.js';
import { StoreService } from './modules/stores/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo store's pictures, shipped with the code. */
export const MEDIA_DIR = path.resolve(here, '../public/media');
export const WEB_DIST_DIR = path.resolve(here, '../../web/dist');

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Longer URLs are refused with 414: no page or call of ours needs one. */
export const MAX_URL_LENGTH = 8192;
/** A slow client must send its headers within 15 s and its whole request within 30 s. */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 30_000;

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
  /** Rate-limit counters in this Redis instead of the database. */
  redisUrl?: string;
  /** Prefix of the Redis keys, so two shops can share one Redis. */
  limitKeyPrefix?: string;
  /** Open connections at most (Node's server.maxConnections). */
  maxConnections?: number;
  /** Product addresses per sitemap file (the protocol's 50,000 by default; tests use fewer). */
  sitemapPageSize?: number;
  /** Where the smaller copies of pictures are kept (in the temporary folder if not given). */
  pictureCopiesDir?: string;
}

export interface Services {
  stores: StoreService;
  accounts: AccountService;
  catalog: CatalogService;
  orders: OrderService;
  payments: PaymentService;
  audit: AuditLog;
  staff: StaffService;
  adminOrders: AdminOrders;
  adminProducts: AdminProducts;
  dashboards: AdminDashboards;
  outbox: Outbox;
  privacy: PrivacyService;
  stockSummary: StockSummary;
  newsletter: NewsletterService;
  contact: ContactService;
  passwordResets: PasswordResets;
  invoices: InvoiceService;
}

/** What the services take from the configuration (the server's and the `store` command's). */
export interface ServiceSettings {
  payments: PaymentEnvironment;
  orders: OrderPolicy;
  /** Cost of hashing new passwords: OWASP's unless a test shop asks for a cheaper one. */
  passwordCost?: ScryptCost;
  /** Who hears of new orders, and the port of links to a store on localhost. */
  messages?: MessageSettings;
}

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = {
  payments: NO_PAYMENT_ENVIRONMENT,
  orders: DEFAULT_ORDER_POLICY,
};

export function createServices(db: Database, settings: ServiceSettings = DEFAULT_SERVICE_SETTINGS): Services {
  const stores = new StoreService(db);
  const outbox = new Outbox(db);
  const orderMail = new OrderMail(outbox, stores, settings.messages);
  const invoices = new InvoiceService(db, stores);
  const orders = new OrderService(db, settings.orders, {
    // An order's invoice and messages are written in the transaction of the change that causes them.
    onChange: async (trx, change) => {
      await invoices.orderChanged(trx, change);
      await orderMail.orderChanged(trx, change);
    },
    waitsByHand: paymentWaitsByHand,
    documentsOf: (orderIds) => documentsOfOrders(db, orderIds),
  });
  const payments = new PaymentService(db, orders, settings.payments);
  const audit = new AuditLog(db);
  const catalog = new CatalogService(db, (trx, productIds) => orders.productsOrderedAmong(trx, productIds));
  const accounts = new AccountService(db, settings.passwordCost, async (trx, user) => {
    const store = await stores.byId(user.store_id, trx);
    if (store) await outbox.enqueue(trx, welcomeMessage(store, user, settings.messages));
  });
  const newsletter = new NewsletterService(db, outbox, settings.messages);
  return {
    stores,
    accounts,
    catalog,
    orders,
    payments,
    audit,
    staff: new StaffService(db, audit, settings.passwordCost),
    adminOrders: new AdminOrders(orders, payments, audit),
    adminProducts: new AdminProducts(catalog, audit),
    dashboards: new AdminDashboards(orders, payments, catalog),
    outbox,
    privacy: new PrivacyService(db, { accounts, orders, newsletter, outbox }),
    stockSummary: new StockSummary(db, outbox, stores, catalog, settings.messages),
    newsletter,
    contact: new ContactService(db, outbox, audit, settings.messages),
    passwordResets: new PasswordResets(db, outbox, settings.messages, settings.passwordCost),
    invoices,
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const logger = options.logger;
  const mediaDirs = options.merchantMediaDir ? [MEDIA_DIR, options.merchantMediaDir] : [MEDIA_DIR];
  const pictureCopies = new PictureCopies({
    mediaDirs,
    copiesDir: options.pictureCopiesDir ?? path.join(os.tmpdir(), `store-picture-copies-${process.pid}`),
  });
  const recordedAnswers = new RecordedAnswers();
  const app = Fastify({
    serverFactory: (handler, settings) => serverWithFrontDoor(recordedAnswers, handler, settings),
    // Our redaction and request line come first; the caller's level and destination win.
    logger: logger ? { ...shopLogging(), ...(logger === true ? {} : logger) } : false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new AnswerLines(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    trustProxy: options.trustProxy ?? false,
    requestTimeout: REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
  });
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  if (options.maxConnections) app.server.maxConnections = options.maxConnections;
  const services = options.services ?? createServices(options.db);

  const storeChanges = await watchStoreChanges(options.db);
  app.addHook('onClose', async () => storeChanges.close());
  const knownStores = new KnownStores(services.stores, storeChanges);
  recordedAnswers.open({
    revisionFor: (host) => {
      const store = knownStores.keptFor(storeHostOf(host));
      return store && revisionOf(store);
    },
    encodingFor,
    log: requestLineLogger(app.log),
    trustProxy: options.trustProxy ?? false,
  });
  app.addHook('preClose', async () => recordedAnswers.close());
  app.decorate('frontDoor', recordedAnswers);

  app.decorate('inFlight', trackInFlight(app));
  installErrorHandling(app);
  // The contract on the wire: input checked and answers written by the routes' zod schemas.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.length > MAX_URL_LENGTH) throw new HttpError(414, 'The URL is too long.');
  });
  installLimits(
    app,
    options.redisUrl ? redisLimitStore(options.redisUrl, options.limitKeyPrefix) : databaseLimitStore(options.db),
    options.rateLimits,
  );
  limitPasswordHashing(options.rateLimits.passwordHashQueue);
  // The API speaks JSON only; plain text would otherwise reach the handlers as a string.
  app.removeContentTypeParser('text/plain');
  // Payment gateways post their callbacks as HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // Catalogue pictures may live on the merchant's own https CDN.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        // The storefront on shop.example calls its API on api.shop.example and posts a hosted test
        // checkout's form there, which sends the payer back; gateways' hosted checkouts receive the payer's form.
        'connect-src': [selfAndSiblingSources],
        'form-action': [selfAndSiblingSources, ...paymentFormActions()],
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

  // The back office's session cookie; shoppers' calls carry a bearer token instead.
  await app.register(cookie);

  // Shoppers on mobile data: JSON, pages and pictures go out compressed (brotli, else gzip).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_FROM_BYTES });

  // Called back at once for the many requests without an Origin (same-origin pages, servers,
  // a CDN): a promise per request was a tenth of the time of a small read.
  const corsFor = (allowed: boolean): FastifyCorsOptions => ({
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    origin: allowed,
  });
  const withoutOrigin = corsFor(false);
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options?: FastifyCorsOptions) => void) => {
      const origin = request.headers.origin;
      if (!origin) return callback(null, withoutOrigin);
      isAllowedOrigin(origin, request.headers.host, (host) => knownStores.isKnownHost(host)).then(
        (allowed) => callback(null, corsFor(allowed)),
        (error: Error) => callback(error),
      );
    },
  });

  // Before any route: the API's document collects them as they are added.
  await installApiDocs(app);

  // Outside the store's scope: a shop without a store yet still says how it is.
  const health = {
    schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
  };
  app.withTypeProvider<ZodTypeProvider>().get(`${API_PREFIX}/health`, health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await probeWrite(options.db);
    } catch (error) {
      request.log.error({ err: error }, 'health: the database cannot take writes');
      return reply.code(503).send({ status: 'degraded' });
    }
    if (!(await services.stores.exists())) return reply.code(503).send({ status: 'no-store' });
    return reply.send({ status: 'ok' });
  });

  await app.register(
    async (api) => {
      holdInputErrors(api);
      api.addHook('onRequest', async (request) => {
        request.store = await knownStores.forHost(storeHostOf(request.headers.host));
        request.bearerToken = bearerTokenOf(request);
        request.user = request.bearerToken
          ? await services.accounts.userForToken(request.store.id, request.bearerToken)
          : undefined;
      });
      api.addHook('preValidation', async (request) => refuseNulCharacters(request));
      markPrivateAnswers(api, API_PREFIX);
      answerConditionalGets(api, (request) => revisionOf(request.store), recordedAnswers);
      await api.register(storeRoutes, { paymentModeOf: (store) => services.payments.modeOf(store) });
      await api.register(accountRoutes, { accounts: services.accounts, passwordResets: services.passwordResets });
      await api.register(privacyRoutes, { privacy: services.privacy });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(orderRoutes, {
        orders: services.orders,
        paymentProviderOf: (store) => services.payments.providerNameFor(store),
      });
      await api.register(invoiceRoutes, { orders: services.orders, invoices: services.invoices });
      await api.register(paymentRoutes, { payments: services.payments });
      await api.register(newsletterRoutes, { newsletter: services.newsletter });
      await api.register(contactRoutes, { contact: services.contact });
      await api.register(adminRoutes, {
        staff: services.staff,
        orders: services.adminOrders,
        products: services.adminProducts,
        dashboards: services.dashboards,
        stores: services.stores,
        payments: services.payments,
        catalog: services.catalog,
        audit: services.audit,
        outbox: services.outbox,
        contact: services.contact,
        invoices: services.invoices,
        mediaDirs: {
          ...(options.merchantMediaDir ? { own: options.merchantMediaDir } : {}),
          all: mediaDirs,
        },
        pictureCopies,
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(appManifestRoutes, { stores: services.stores });
  await app.register(searchEngineRoutes, {
    catalog: services.catalog,
    stores: services.stores,
    ...(options.sitemapPageSize ? { pageSize: options.sitemapPageSize } : {}),
  });

  await app.register(pictureCopyRoutes, { copies: pictureCopies });
  await app.register(fastifyStatic, {
    // First found wins: the demo pictures, then whatever the merchant put in their folder.
    root: mediaDirs,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });

  const { servesPages } = await serveStorefront(app, {
    webDist: options.webDistDir ?? WEB_DIST_DIR,
    stores: services.stores,
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pageAddress = servesPages && !request.url.startsWith(`${API_PREFIX}/`) && !request.url.startsWith('/media/');
    // A form sent before its page became interactive posts to the page itself: show the page again
    // (its fields never travel in an address).
    if (pageAddress && request.method === 'POST') return reply.redirect(request.url, 303);
    return reply.code(404).send({ error: 'Not found.' });
  });

  return app;
}
