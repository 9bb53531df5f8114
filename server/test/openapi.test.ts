import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, createServices } from '../src/app.js';
import { migrateToLatest, openDatabase } from '../src/db/open.js';
import type { Database } from '../src/db/schema.js';
import { API_PREFIX } from '../src/http/paths.js';
import { DEFAULT_ORDER_POLICY } from '../src/modules/orders/service.js';
import { NO_PAYMENT_ENVIRONMENT } from '../src/modules/payments/settings.js';
import { ensureDemoStore } from '../src/seed/seed.js';
import { freshDatabase, RELAXED_LIMITS, TEST_PASSWORD_COST } from './harness.js';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}

/** A route's answer that breaks its schema, registered on the real app before it starts. */
const WRONG_SHAPE = `${API_PREFIX}/test-only/wrong-shape`;
const EXTRA_FIELD = `${API_PREFIX}/test-only/extra-field`;
const SECRET = 'never-sent-4711';

let app: FastifyInstance;
let db: Database;
let cleanup: () => Promise<void>;
let errors: string[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  cleanup = fresh.cleanup;
  const opened = openDatabase(fresh.target);
  db = opened.db;
  await migrateToLatest(db, fresh.target.schema);
  const services = createServices(db, {
    payments: NO_PAYMENT_ENVIRONMENT,
    orders: DEFAULT_ORDER_POLICY,
    passwordCost: TEST_PASSWORD_COST,
  });
  await ensureDemoStore(services);
  const lines = { write: (line: string) => errors.push(line) };
  app = await buildApp({
    db,
    services,
    rateLimits: RELAXED_LIMITS,
    webDistDir: '',
    logger: { level: 'error', stream: lines },
  });
  const answer = { schema: { hide: true, response: { 200: z.object({ id: z.string(), price: z.number() }) } } };
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Bugs of ours: the price as text; a field the schema does not name.
  api.get(WRONG_SHAPE, answer, async () => ({ id: 'p-1', price: '1499' as unknown as number, secret: SECRET }));
  api.get(EXTRA_FIELD, answer, async () => ({ id: 'p-1', price: 1499, secret: SECRET }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.destroy();
  await cleanup();
});

/** Every method and path the app answers under /api/v1, read from Fastify's own route tree. */
function registeredApiRoutes(): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]+)\)$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2]}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ')) routes.push({ method, path });
  }
  return routes.filter(({ path, method }) => path.startsWith(`${API_PREFIX}/`) && method !== 'HEAD');
}

/** Fastify's `/orders/:id` is OpenAPI's `/orders/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the API document', () => {
  let document: OpenApiDocument;

  beforeAll(async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/openapi.json`,
      headers: { host: 'localhost:8044' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    document = answer.json();
  });

  it('is OpenAPI 3 with the shop’s name, its modules as tags, and how callers sign in', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: expect.stringContaining('NetKart'), version: '1' });
    expect(document.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['catalogue', 'orders', 'accounts', 'payments', 'back office']),
    );
    expect(document.components.securitySchemes.staffSession).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'store_admin' }),
    );
    expect(document.components.securitySchemes.shopperToken).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(document.paths['/api/v1/admin/orders']?.get?.security).toEqual([{ staffSession: [] }]);
    expect(document.paths['/api/v1/admin/session']?.post?.security).toEqual([]);
    expect(document.paths['/api/v1/accountInfo']?.get?.security).toEqual([{ shopperToken: [] }]);
  });

  it('lists every route the app answers under /api/v1, with its method', () => {
    const hidden = new Set([`${API_PREFIX}/openapi.json`, WRONG_SHAPE, EXTRA_FIELD]);
    const routes = registeredApiRoutes().filter(
      ({ path }) => !hidden.has(path) && !path.startsWith(`${API_PREFIX}/docs`),
    );
    // The storefront's, the back office's and the gateways' routes alike.
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/v1/payments/sandbox/callback' });
    const missing = routes.filter(({ method, path }) => !document.paths[openApiPath(path)]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) expect(operation.tags?.length).toBe(1);
    }
  });

  it('describes the catalogue’s answers with the fields the storefront reads', () => {
    const listing = document.paths['/api/v1/products']?.get;
    const schema = listing?.responses['200']?.content?.['application/json']?.schema;
    expect(schema?.required).toEqual(expect.arrayContaining(['data', 'count', 'pagination', 'facets']));
    expect(schema?.properties?.data?.type).toBe('array');
    expect(schema?.properties?.data?.items?.properties).toHaveProperty('discountedPrice');
    expect(schema?.properties?.pagination?.properties).toEqual(
      expect.objectContaining({ page: expect.anything(), limit: expect.anything(), total: expect.anything() }),
    );
    expect(schema?.properties?.facets?.properties).toEqual(
      expect.objectContaining({ types: expect.anything(), prices: expect.anything(), attributes: expect.anything() }),
    );
    const parameters = listing?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`);
    expect(parameters).toEqual(expect.arrayContaining(['query:q', 'query:sort', 'query:page', 'query:limit']));
    // Every refusal is `{ error, field? }`.
    const refused = listing?.responses['4XX']?.content?.['application/json']?.schema;
    expect(refused?.required).toEqual(['error']);

    const product = document.paths['/api/v1/products/{id}']?.get;
    expect(product?.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    expect(product?.responses['200']?.content?.['application/json']?.schema.properties).toHaveProperty('regularPrice');
    const order = document.paths['/api/v1/orders']?.post;
    expect(order?.requestBody).toBeDefined();
    expect(order?.responses['201']).toBeDefined();
  });
});

describe('the docs page', () => {
  it('answers 200 HTML under the shop’s own Content-Security-Policy', async () => {
    const page = await app.inject({ method: 'GET', url: `${API_PREFIX}/docs`, headers: { host: 'localhost:8044' } });
    const html =
      page.statusCode === 302 || page.statusCode === 301
        ? await app.inject({ method: 'GET', url: String(page.headers.location), headers: { host: 'localhost:8044' } })
        : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('swagger-ui');
    // Its scripts are files of its own: no inline script needs the policy loosened.
    expect(html.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    const script = /<script src="([^"]*swagger-initializer\.js)"/.exec(html.body)?.[1] ?? '';
    const initializer = await app.inject({
      method: 'GET',
      url: new URL(script, `http://localhost:8044${API_PREFIX}/docs/`).pathname,
      headers: { host: 'localhost:8044' },
    });
    expect(initializer.statusCode).toBe(200);
  });
});

describe('an answer that breaks its schema', () => {
  it('is refused with 500 and logged, and nothing of it is sent', async () => {
    errors = [];
    const answer = await app.inject({ method: 'GET', url: WRONG_SHAPE, headers: { host: 'localhost:8044' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(answer.body).not.toContain('1499');
    expect(answer.body).not.toContain(SECRET);
    expect(errors.join('\n')).toMatch(/does not fit its schema/);
  });

  it('is refused too when it holds a field its schema does not name (tests hold answers to their schemas exactly)', async () => {
    errors = [];
    const answer = await app.inject({ method: 'GET', url: EXTRA_FIELD, headers: { host: 'localhost:8044' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain(SECRET);
    expect(errors.join('\n')).toMatch(/secret is not in the schema/);
  });
});
