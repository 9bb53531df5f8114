import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { LRUCache } from 'lru-cache';
import { selfAndSiblingSources } from './site-origins.js';

/** Host names kept at most; made-up Host headers only push others out. */
const KEPT_HOSTS = 1000;

/**
 * Helmet's headers on every answer, worked out once per Host (the policy names the host's sibling,
 * see selfAndSiblingSources) and then copied: @fastify/helmet runs all of Helmet's middleware again
 * on every request, about a tenth of the time of a small read. A route may still set its own
 * header after this (the payment relay's policy with its nonce).
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const middleware = helmet(options);
  const byHost = new LRUCache<string, [string, string][]>({ max: KEPT_HOSTS });
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host ?? '';
    let headers = byHost.get(host);
    if (!headers) {
      headers = headersOf(middleware, request.raw);
      byHost.set(host, headers);
    }
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

/**
 * The CSP sources (`'sha256-…'`) of the scripts written inside a page (the storefront's early-actions
 * script): the policy allows exactly those, and still no other inline script. Data blocks (JSON,
 * JSON-LD) are not scripts the browser runs, and need none.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\//i.test(attributes) || !body) continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The shop's own policy: its pages, API and pictures; `gatewayFormActions` are where the payment
 * providers' hosted checkouts receive the payer's form; `pageScripts` the sources of the scripts
 * inside the storefront's page (inlineScriptSources).
 */
export function installShopSecurityHeaders(
  app: FastifyInstance,
  gatewayFormActions: string[],
  pageScripts: string[] = [],
): void {
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // Catalogue pictures may live on the merchant's own https CDN.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", ...pageScripts],
        // The storefront on shop.example calls its API on api.shop.example and posts a hosted test
        // checkout's form there, which sends the payer back; gateways' hosted checkouts receive the payer's form.
        'connect-src': [selfAndSiblingSources],
        'form-action': [selfAndSiblingSources, ...gatewayFormActions],
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
}

/** The headers Helmet's middleware sets for this request (it sets them synchronously, and reads nothing else of the answer). */
function headersOf(middleware: ReturnType<typeof helmet>, request: IncomingMessage): [string, string][] {
  const headers = new Map<string, string>();
  const answer = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  middleware(request, answer, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}
