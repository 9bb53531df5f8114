import os from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { API_MODULES, type ModuleGiven, openApiScope, SITE_MODULES } from './api-modules.js';
import type { RateLimitConfig, TrustProxy } from './config.js';
import { watchStoreChanges } from './db/change-watch.js';
import type { Database } from './db/schema.js';
import { installApiDocs } from './http/api-docs.js';
import { COMPRESS_FROM_BYTES, encodingFor } from './http/conditional-get.js';
import { installCors } from './http/cors.js';
import { installErrorHandling } from './http/error-handler.js';
import { healthRoute } from './http/health.js';
import { trackInFlight } from './http/in-flight.js';
import { databaseLimitStore, installLimits, redisLimitStore } from './http/limits.js';
import { requestLineLogger } from './http/logging.js';
import { registerModules } from './http/module-routes.js';
import { answerNotFound } from './http/not-found.js';
import { API_PREFIX } from './http/paths.js';
import { RecordedAnswers } from './http/recorded-answers.js';
import { installShopSecurityHeaders } from './http/security-headers.js';
import { acceptJsonAndForms, createShopServer, guardRequests } from './http/server.js';
import { storeHostOf } from './http/store-host.js';
import { serializerCompiler, validatorCompiler } from './http/wire.js';
import { MEDIA_DIR } from './media-dir.js';
import { limitPasswordHashing } from './modules/accounts/passwords.js';
import { type AdminServices, adminModule, createAdminServices } from './modules/admin/wiring.js';
import { paymentFormActions } from './modules/payments/registry.js';
import { PictureCopies } from './modules/storefront/picture-copies.js';
import { serveStorefront, storefrontScriptSources } from './modules/storefront/serving.js';
import { KnownStores, revisionOf } from './modules/stores/known-stores.js';
import {
  createModuleServices,
  DEFAULT_SERVICE_SETTINGS,
  type ModuleServices,
  type ServiceSettings,
} from './services.js';
import { serverFolder } from './shared/server-folder.js';

export { BODY_LIMIT_BYTES, HEADERS_TIMEOUT_MS, MAX_URL_LENGTH, REQUEST_TIMEOUT_MS } from './http/server.js';
export { DEFAULT_SERVICE_SETTINGS, MEDIA_DIR, type ServiceSettings };

/** The demo store's pictures, shipped with the code. */
export const WEB_DIST_DIR = path.resolve(serverFolder(import.meta.url), '../web/dist');

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
  /** /health says degraded below this much free disk where the SQLite file lives (256 MB unless given). */
  minFreeDiskBytes?: number;
  /** Open connections at most (Node's server.maxConnections). */
  maxConnections?: number;
  /** Open connections one network address may hold (off behind a trusted proxy). */
  maxConnectionsPerAddress?: number;
  /** How long a client may take to send its request's headers. */
  headersTimeoutMs?: number;
  /** Products per sitemap file (25,000 by default: each in English and Hindi, the protocol's 50,000 addresses; tests use fewer). */
  sitemapPageSize?: number;
  /** Where the smaller copies of pictures are kept (in the temporary folder if not given). */
  pictureCopiesDir?: string;
}

/** The modules' services and the back office's, which only this file wires. */
export interface Services extends ModuleServices, AdminServices {}

export function createServices(db: Database, settings: ServiceSettings = DEFAULT_SERVICE_SETTINGS): Services {
  const modules = createModuleServices(db, settings);
  return { ...modules, ...createAdminServices(modules) };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const mediaDirs = options.merchantMediaDir ? [MEDIA_DIR, options.merchantMediaDir] : [MEDIA_DIR];
  const pictureCopies = new PictureCopies({
    mediaDirs,
    copiesDir: options.pictureCopiesDir ?? path.join(os.tmpdir(), `store-picture-copies-${process.pid}`),
  });
  const recordedAnswers = new RecordedAnswers();
  const app = createShopServer(recordedAnswers, options);
  const services = options.services ?? createServices(options.db);
  const given = {
    services,
    site: {
      mediaDirs,
      merchantMediaDir: options.merchantMediaDir,
      pictureCopies,
      sitemapPageSize: options.sitemapPageSize,
    },
  } satisfies ModuleGiven;

  // The stores this process holds, kept fresh by the database's change marks.
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
  guardRequests(app);
  const limits = installLimits(
    app,
    options.redisUrl
      ? redisLimitStore(options.redisUrl, databaseLimitStore(options.db), options.limitKeyPrefix)
      : databaseLimitStore(options.db),
    options.rateLimits,
  );
  limitPasswordHashing(options.rateLimits.passwordHashQueue);
  acceptJsonAndForms(app);
  installShopSecurityHeaders(app, paymentFormActions(), storefrontScriptSources(options.webDistDir ?? WEB_DIST_DIR));
  // The back office's session cookie; shoppers' calls carry a bearer token instead.
  await app.register(cookie);
  // Shoppers on mobile data: JSON, pages and pictures go out compressed (brotli, else gzip).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_FROM_BYTES });
  await installCors(app, (hostHeader) => knownStores.hostsOfStoreAt(hostHeader));
  // Before any route: the API's document collects them as they are added.
  await installApiDocs(app);
  healthRoute(app, options.db, {
    storeExists: () => services.stores.exists(),
    limitsTrouble: () => limits.trouble(),
    ...(options.minFreeDiskBytes === undefined ? {} : { minFreeDiskBytes: options.minFreeDiskBytes }),
  });

  await app.register(
    async (api) => {
      openApiScope(api, { services, knownStores, recordedAnswers });
      await registerModules<typeof given>(api, [...API_MODULES, adminModule], given);
    },
    { prefix: API_PREFIX },
  );
  await registerModules(app, SITE_MODULES, given);

  const { servesPages } = await serveStorefront(app, {
    webDist: options.webDistDir ?? WEB_DIST_DIR,
    stores: services.stores,
    catalog: services.catalog,
    publicOriginAt: async (hostHeader) =>
      services.stores.publicOrigin(await knownStores.forHost(storeHostOf(hostHeader))),
  });
  answerNotFound(app, servesPages);
  return app;
}
