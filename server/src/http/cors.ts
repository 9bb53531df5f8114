import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAllowedOrigin } from './site-origins.js';

const corsFor = (allowed: boolean): FastifyCorsOptions => ({
  credentials: true,
  methods: ['GET', 'POST', 'PUT', 'DELETE'],
  origin: allowed,
});
const WITHOUT_ORIGIN = corsFor(false);

/**
 * Cross-origin calls from the request's own store's sites only (see isAllowedOrigin; `storeHostsAt`
 * names the hosts of the store a Host header reaches). Called back at once for the many requests
 * without an Origin (same-origin pages, servers, a CDN): a promise per request was a tenth of the
 * time of a small read.
 */
export async function installCors(
  app: FastifyInstance,
  storeHostsAt: (hostHeader: string | undefined) => Promise<string[]>,
): Promise<void> {
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options?: FastifyCorsOptions) => void) => {
      const origin = request.headers.origin;
      if (!origin) return callback(null, WITHOUT_ORIGIN);
      storeHostsAt(request.headers.host).then(
        (storeHosts) => callback(null, corsFor(isAllowedOrigin(origin, request.headers.host, storeHosts))),
        (error: Error) => callback(error),
      );
    },
  });
}
