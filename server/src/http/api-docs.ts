import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ADMIN_SESSION_COOKIE } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX } from './paths.js';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;

/** The modules of the API, as the document groups its routes (each module's routes name theirs). */
const TAGS = [
  { name: 'health', description: 'Whether the shop can take orders.' },
  { name: 'store', description: "The store's details, as the storefront shows them." },
  { name: 'accounts', description: "Shoppers' accounts: registration, sign-in, password resets." },
  { name: 'privacy', description: "A shopper's copy of their data, and the deletion of their account." },
  { name: 'catalogue', description: 'Products, their listing with search, filters and facets, and suggestions.' },
  { name: 'orders', description: 'Placing and tracking orders, and their invoices and credit notes.' },
  { name: 'payments', description: "Paying for an order, and the gateways' pages and callbacks." },
  { name: 'newsletter', description: 'Signing up for the newsletter, and leaving it.' },
  { name: 'contact', description: 'The contact form.' },
  { name: 'back office', description: "The staff's API: orders, products, settings, emails, tickets." },
];

/**
 * GET /api/v1/openapi.json: the OpenAPI 3 document made from the routes' zod schemas, and
 * GET /api/v1/docs: a page to read it. Both public; the page passes the shop's own
 * Content-Security-Policy (its scripts and styles are files of its own, its icons data: URLs).
 * Registered before the routes, which it collects as they are added.
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'NetKart store API',
        version: API_PREFIX.replace(/^.*\/v/, ''),
        description:
          'The storefront and back office API of a NetKart shop. Money is a number of rupees (e.g. 1499.5). ' +
          'Every refusal answers `{ error, field? }`: a message a person can read, and the request field it is about.',
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          shopperToken: {
            type: 'http',
            scheme: 'bearer',
            description: "A shopper's token, from POST /users/authorize.",
          },
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: ADMIN_SESSION_COOKIE,
            description:
              "The back office's session cookie, from POST /admin/session; state-changing calls also send its CSRF token in x-csrf-token.",
          },
        },
      },
    },
    // Only the API: the storefront's pages, pictures and sitemaps are not part of it.
    transform: (route) =>
      route.url.startsWith(`${API_PREFIX}/`) ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
