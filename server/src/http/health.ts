import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { HealthResponse } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { driverOf } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { probeWrite } from '../db/write-probe.js';
import { API_PREFIX } from './paths.js';

/** Below this much free space where the SQLite file lives, /health warns before writes start failing. */
export const MIN_FREE_DISK_BYTES = 256 * 1024 * 1024;

export interface HealthChecks {
  storeExists: () => Promise<boolean>;
  /** Why the rate-limit counters are not at their best (Redis down), or nothing. */
  limitsTrouble: () => Promise<string | undefined>;
  minFreeDiskBytes?: number;
}

/**
 * GET /api/v1/health, for a load balancer and the merchant's monitoring:
 * - 200 `ok`;
 * - 200 `degraded` with `reasons` while the shop still serves everything (Redis down: limits are
 *   counted in the database; the disk nearly full): taking this process out would help nobody;
 * - 503 `degraded` when the database cannot take writes (no order can be stored), 503 `no-store`
 *   before a store exists.
 * Outside the store's scope: a shop without a store yet still says how it is.
 */
export function healthRoute(app: FastifyInstance, db: Database, checks: HealthChecks): void {
  const health = {
    schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
  };
  app.withTypeProvider<ZodTypeProvider>().get(`${API_PREFIX}/health`, health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const reasons: string[] = [];
    const disk = await diskTrouble(db, checks.minFreeDiskBytes ?? MIN_FREE_DISK_BYTES);
    if (disk) reasons.push(disk);
    try {
      await probeWrite(db);
    } catch (error) {
      request.log.error({ err: error }, 'health: the database cannot take writes');
      reasons.unshift(`database: cannot take writes (${error instanceof Error ? error.message : String(error)})`);
      return reply.code(503).send({ status: 'degraded', reasons });
    }
    if (!(await checks.storeExists())) return reply.code(503).send({ status: 'no-store' });
    const limits = await checks.limitsTrouble().catch((error: unknown) => `limits: ${String(error)}`);
    if (limits) reasons.push(limits);
    if (reasons.length > 0) {
      request.log.warn({ reasons }, 'health: degraded');
      return reply.send({ status: 'degraded', reasons });
    }
    return reply.send({ status: 'ok' });
  });
}

/** Free space where the SQLite file lives (PostgreSQL's disk is its server's to watch). */
async function diskTrouble(db: Database, minFreeBytes: number): Promise<string | undefined> {
  const driver = driverOf(db);
  if (driver.kind !== 'sqlite' || driver.file === ':memory:') return undefined;
  try {
    const stats = await statfs(path.dirname(driver.file));
    const free = stats.bavail * stats.bsize;
    if (free >= minFreeBytes) return undefined;
    return `disk: ${Math.floor(free / 1024 / 1024)} MB free where the database is (${Math.floor(minFreeBytes / 1024 / 1024)} MB wanted)`;
  } catch (error) {
    return `disk: cannot read the free space (${error instanceof Error ? error.message : String(error)})`;
  }
}
