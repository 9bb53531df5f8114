import { HealthResponse } from '@store/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/schema.js';
import { probeWrite } from '../db/write-probe.js';
import { API_PREFIX } from './paths.js';

/**
 * GET /api/v1/health: whether the database takes writes and a store exists. Outside the store's
 * scope: a shop without a store yet still says how it is.
 */
export function healthRoute(app: FastifyInstance, db: Database, storeExists: () => Promise<boolean>): void {
  const health = {
    schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
  };
  app.withTypeProvider<ZodTypeProvider>().get(`${API_PREFIX}/health`, health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await probeWrite(db);
    } catch (error) {
      request.log.error({ err: error }, 'health: the database cannot take writes');
      return reply.code(503).send({ status: 'degraded' });
    }
    if (!(await storeExists())) return reply.code(503).send({ status: 'no-store' });
    return reply.send({ status: 'ok' });
  });
}
