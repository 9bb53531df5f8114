import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { bearerTokenOf } from './http/auth.js';
import { answerConditionalGets } from './http/conditional-get.js';
import { moduleRoutes } from './http/module-routes.js';
import { API_PREFIX } from './http/paths.js';
import { markPrivateAnswers } from './http/private-answers.js';
import type { RecordedAnswers } from './http/recorded-answers.js';
import { storeHostOf } from './http/store-host.js';
import { refuseNulCharacters } from './http/text-guard.js';
import { holdInputErrors } from './http/wire.js';
import { addressRoutes } from './modules/accounts/address-routes.js';
import { emailVerificationRoutes } from './modules/accounts/email-routes.js';
import { phoneSignInRoutes } from './modules/accounts/phone-routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { cartRoutes } from './modules/carts/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { courierRoutes } from './modules/couriers/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { stockNoticeRoutes } from './modules/notices/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { pincodeRoutes } from './modules/pincodes/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { returnRoutes } from './modules/returns/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { appManifestRoutes } from './modules/storefront/app-manifest.js';
import { type PictureCopies, pictureCopyRoutes } from './modules/storefront/picture-copies.js';
import { searchEngineRoutes } from './modules/storefront/search-engines.js';
import { storeShareCardRoutes } from './modules/storefront/store-share-card.js';
import { type KnownStores, revisionOf } from './modules/stores/known-stores.js';
import { storeRoutes } from './modules/stores/routes.js';
import { whatsAppRoutes } from './modules/whatsapp/routes.js';
import type { ModuleServices } from './services.js';

/** What the app gives the modules besides their services: the site's folders and settings. */
export interface SiteParts {
  /** The demo pictures, then the merchant's own (first found wins). */
  mediaDirs: string[];
  merchantMediaDir?: string | undefined;
  pictureCopies: PictureCopies;
  /** Products per sitemap file (25,000 by default: each in English and Hindi, the protocol's 50,000 addresses). */
  sitemapPageSize?: number | undefined;
}

export interface ModuleGiven {
  services: ModuleServices;
  site: SiteParts;
}

/**
 * The modules' routes under /api/v1, in the order the API's document lists them (the back office's,
 * wired by app.ts alone, follow). What a lower module needs from a higher one is passed here.
 */
export const API_MODULES = [
  moduleRoutes(storeRoutes, ({ services }: ModuleGiven) => ({
    paymentModeOf: (store) => services.payments.modeOf(store),
  })),
  moduleRoutes(accountRoutes, ({ services }: ModuleGiven) => ({
    accounts: services.accounts,
    passwordResets: services.passwordResets,
    passwordChanges: services.passwordChanges,
    sessions: services.sessions,
    audit: services.audit,
  })),
  moduleRoutes(phoneSignInRoutes, ({ services }: ModuleGiven) => ({
    phoneSignIn: services.phoneSignIn,
    audit: services.audit,
    codeMinutes: services.phoneSignIn.codeMinutes,
  })),
  moduleRoutes(emailVerificationRoutes, ({ services }: ModuleGiven) => ({
    emailVerifications: services.emailVerifications,
  })),
  moduleRoutes(addressRoutes, ({ services }: ModuleGiven) => ({ addressBook: services.addressBook })),
  moduleRoutes(privacyRoutes, ({ services }: ModuleGiven) => ({ privacy: services.privacy })),
  moduleRoutes(catalogRoutes, ({ services }: ModuleGiven) => ({ catalog: services.catalog })),
  moduleRoutes(stockNoticeRoutes, ({ services }: ModuleGiven) => ({ notices: services.notices })),
  moduleRoutes(orderRoutes, ({ services }: ModuleGiven) => ({
    orders: services.orders,
    paymentProviderOf: (store) => services.payments.providerNameFor(store),
    codPlacing: (store) => services.cod.placing(store),
  })),
  moduleRoutes(returnRoutes, ({ services }: ModuleGiven) => ({ returns: services.returns })),
  moduleRoutes(reviewRoutes, ({ services }: ModuleGiven) => ({ reviews: services.reviews })),
  moduleRoutes(cartRoutes, ({ services }: ModuleGiven) => ({ carts: services.carts })),
  moduleRoutes(invoiceRoutes, ({ services }: ModuleGiven) => ({
    orders: services.orders,
    invoices: services.invoices,
  })),
  moduleRoutes(pincodeRoutes, ({ services }: ModuleGiven) => ({
    delivery: services.delivery,
    codOfferedAt: (store, pin, state) => services.cod.offeredAt(store.id, pin, state),
  })),
  moduleRoutes(shippingRoutes, ({ services }: ModuleGiven) => ({ shipping: services.shipping })),
  moduleRoutes(paymentRoutes, ({ services }: ModuleGiven) => ({ payments: services.payments, cod: services.cod })),
  moduleRoutes(courierRoutes, ({ services }: ModuleGiven) => ({ couriers: services.couriers })),
  moduleRoutes(newsletterRoutes, ({ services }: ModuleGiven) => ({ newsletter: services.newsletter })),
  moduleRoutes(contactRoutes, ({ services }: ModuleGiven) => ({ contact: services.contact })),
  moduleRoutes(whatsAppRoutes, ({ services }: ModuleGiven) => ({ whatsApp: services.whatsApp })),
];

/** Outside the API: the app manifest, robots and sitemaps, the pictures and their smaller copies. */
export const SITE_MODULES = [
  moduleRoutes(appManifestRoutes, ({ services }: ModuleGiven) => ({ stores: services.stores })),
  moduleRoutes(searchEngineRoutes, ({ services, site }: ModuleGiven) => ({
    catalog: services.catalog,
    stores: services.stores,
    ...(site.sitemapPageSize ? { pageSize: site.sitemapPageSize } : {}),
  })),
  moduleRoutes(pictureCopyRoutes, ({ site }: ModuleGiven) => ({ copies: site.pictureCopies })),
  moduleRoutes(storeShareCardRoutes, ({ services, site }: ModuleGiven) => ({
    stores: services.stores,
    copies: site.pictureCopies,
  })),
  moduleRoutes(fastifyStatic, ({ site }: ModuleGiven) => ({
    // First found wins: the demo pictures, then whatever the merchant put in their folder.
    root: site.mediaDirs,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  })),
];

/**
 * The API's scope: each request gets its store (by Host) and its shopper (by bearer token), text
 * with NUL characters is refused, and reads are answered by revision.
 */
export function openApiScope(
  api: FastifyInstance,
  {
    services,
    knownStores,
    recordedAnswers,
  }: { services: ModuleServices; knownStores: KnownStores; recordedAnswers: RecordedAnswers },
): void {
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
}
