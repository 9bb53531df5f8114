import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** A worker that dies this soon after it was started is failing to start, not failing by chance. */
const QUICK_DEATH_MS = 10_000;
/** This many quick deaths in a row stop the shop instead of starting workers for ever. */
const QUICK_DEATHS_MAX = 5;
/** How long workers are given to finish their requests after SIGTERM before they are killed. */
const DRAIN_MS = 30_000;

/**
 * The primary process when WORKERS > 1: starts that many server processes, which share the one
 * port (node:cluster hands each new connection to the next worker), starts another when one dies,
 * and on SIGTERM or SIGINT asks each to drain and exits once they all have. Everything shared
 * between workers lives in the database (sessions, rate limits, the catalogue version) or in
 * Redis, so any worker can answer any request.
 */
export function superviseWorkers(count: number, log: FastifyBaseLogger, onAllListening: () => void): void {
  const startedAt = new Map<Worker, number>();
  let quickDeaths = 0;
  let stopping = false;
  let exitCode = 0;
  let listening = 0;

  const start = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('listening', () => {
    listening += 1;
    if (listening === count) onAllListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= QUICK_DEATHS_MAX) {
      log.fatal(
        { pid: worker.process.pid, code, signal },
        'server processes keep dying as they start: stopping the shop',
      );
      stop(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process died: starting another');
    start();
  });

  function stop(code: number) {
    stopping = true;
    exitCode = code;
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(exitCode);
    }, DRAIN_MS).unref();
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      if (stopping) return;
      log.info({ signal }, 'draining every server process');
      stop(0);
    });

  for (let index = 0; index < count; index++) start();
}
