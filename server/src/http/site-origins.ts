import type { IncomingMessage } from 'node:http';
import { storeHostOf } from './store-host.js';

/**
 * The storefront on `shop.example` talks to its API on `api.shop.example` (spec section 7),
 * except in local development (localhost, an IP address), where both share one origin.
 */

const HOST_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

function isDevelopmentHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || /^[\d.]+$/.test(hostname) || hostname.startsWith('[');
}

/**
 * CSP sources for the page's own origin and its sibling: the API beside a storefront page
 * (its calls, the sandbox gateway's form), or the storefront beside an API page (where a
 * payment callback sends the payer back).
 */
export function selfAndSiblingSources(request: IncomingMessage): string {
  const host = (request.headers.host ?? '').trim().toLowerCase().replace(/:\d+$/, '');
  // The header is the client's own words: only a plain host name goes into our policy.
  if (!HOST_NAME.test(host) || isDevelopmentHost(host)) return "'self'";
  const sibling = host.startsWith('api.') ? host.slice('api.'.length) : `api.${host}`;
  return HOST_NAME.test(sibling) ? `'self' ${sibling}:*` : "'self'";
}

/**
 * Whether a page at `origin` may call this API with credentials (CORS): a page on one of the hosts
 * of the request's own store (`storeHosts`: its host and extra hosts, each also in its `api.` form),
 * and the storefront whose API this very host is (`shop.example` → `api.shop.example`: a browser
 * sends that host only its own credentials). Never another store's hosts; pages on localhost or an
 * IP only while the store itself lives there (local development).
 */
export function isAllowedOrigin(
  origin: string | undefined,
  requestHost: string | undefined,
  storeHosts: readonly string[],
): boolean {
  if (!origin) return false;
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (isDevelopmentHost(hostname)) return storeHosts.some(isDevelopmentHost);
  if (hostname === storeHostOf(requestHost)) return true;
  return storeHosts.includes(hostname.replace(/^api\./, ''));
}
