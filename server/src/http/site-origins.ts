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
 * Whether a page at `origin` may call this API (CORS): pages in local development, a
 * storefront whose API this host is (`shop.example` → `api.shop.example`), and the hosts of
 * the stores this server runs.
 */
export async function isAllowedOrigin(
  origin: string | undefined,
  requestHost: string | undefined,
  isKnownStoreHost: (host: string) => Promise<boolean>,
): Promise<boolean> {
  if (!origin) return false;
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname === '127.0.0.1') return true;
  if (hostname === storeHostOf(requestHost) && !isDevelopmentHost(hostname)) return true;
  return isKnownStoreHost(storeHostOf(hostname).replace(/^www\./, ''));
}
