import os from 'node:os';
import { HttpError } from '../../http/errors.js';

/** Seconds a turned-away sign-in is asked to wait: a few hashes' time. */
const RETRY_AFTER_SECONDS = 5;

/**
 * At most `workers` jobs at once and at most `waiting` in line; past that, a 503 at once.
 * scrypt runs on libuv's small thread pool, which static files and DNS also need: a flood of
 * sign-ins then waits here, in memory, instead of holding every pool thread for seconds.
 */
export class WorkQueue {
  private running = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    private workers: number,
    private waiting: number,
  ) {}

  resize(workers: number, waiting: number): void {
    this.workers = workers;
    this.waiting = waiting;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.line.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) {
      if (this.line.length >= this.waiting) {
        throw new HttpError(503, 'The shop is busy signing people in. Please try again in a few seconds.', {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      }
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.line.shift();
      // The slot passes straight to the next in line, so `running` never drops below the work in progress.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** libuv's pool has 4 threads by default: leave at least one free for files whatever the core count. */
export const hashWorkers = (): number =>
  Math.max(1, Math.min(os.availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1));
