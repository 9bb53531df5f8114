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
 * Cross-origin calls from the shop's own sites (see isAllowedOrigin; `isKnownHost` says which hosts
 * are stores). Called back at once for the many requests without an Origin (same-origin pages,
 * servers, a CDN): a promise per request was a tenth of the time of a small read.
 */
export async function installCors(
  app: FastifyInstance,
  isKnownHost: (host: string) => Promise<boolean>,
): Promise<void> {
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options?: FastifyCorsOptions) => void) => {
      const origin = request.headers.origin;
      if (!origin) return callback(null, WITHOUT_ORIGIN);
      isAllowedOrigin(origin, request.headers.host, isKnownHost).then(
        (allowed) => callback(null, corsFor(allowed)),
        (error: Error) => callback(error),
      );
    },
  });
}
