import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { LRUCache } from 'lru-cache';

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
