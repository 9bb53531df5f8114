import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { HttpError } from '../../http/errors.js';

/** Seconds a turned-away sign-in is asked to wait: a few hashes' time. */
const RETRY_AFTER_SECONDS = 5;
const BUSY = 'The shop is busy signing people in. Please try again in a few seconds.';
/** One network address may hold at most this share of the places (hashing and waiting together). */
const SHARE_DIVISOR = 4;

/**
 * Who a hash is for: a stranger from a network address (sign-in, registration, a reset link), or
 * someone the shop already knows (a valid session: a shopper confirming a deletion, staff
 * changing a password). Set by the routes around the service call that hashes.
 */
interface Lane {
  address: string;
  trusted: boolean;
}
const lanes = new AsyncLocalStorage<Lane>();

/** Runs `work` with its password hashes queued as a stranger's from `address`. */
export function asStranger<T>(address: string, work: () => Promise<T>): Promise<T> {
  return lanes.run({ address, trusted: false }, work);
}

/** Runs `work` with its password hashes ahead of every stranger's: a signed-in caller never waits behind a flood. */
export function asTrusted<T>(work: () => Promise<T>): Promise<T> {
  return lanes.run({ address: '', trusted: true }, work);
}

interface Waiting {
  address: string;
  start: () => void;
}

/**
 * At most `workers` jobs at once and at most `waiting` in line; past that, a 503 at once.
 * scrypt runs on libuv's small thread pool, which static files and DNS also need: a flood of
 * sign-ins then waits here, in memory, instead of holding every pool thread for seconds.
 * Fair: one address holds at most a quarter of the places (running and waiting), so a flood from
 * one address leaves room for everyone else; trusted jobs (a known session, the `store` command)
 * have a line of their own that is always served first.
 */
export class WorkQueue {
  private running = 0;
  private readonly line: Waiting[] = [];
  private readonly trustedLine: Waiting[] = [];
  /** Places held per address, running or waiting. */
  private readonly held = new Map<string, number>();

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
    return this.line.length + this.trustedLine.length;
  }

  /** The most places one address may hold. */
  get share(): number {
    return Math.max(1, Math.ceil((this.workers + this.waiting) / SHARE_DIVISOR));
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    const lane = lanes.getStore();
    // No lane: the `store` command or a signed-in staff member's call, never a stranger's.
    const trusted = lane === undefined || lane.trusted;
    const address = trusted ? '' : lane.address;
    const line = trusted ? this.trustedLine : this.line;
    const busy = this.running >= this.workers && line.length >= this.waiting;
    if (busy || (!trusted && (this.held.get(address) ?? 0) >= this.share)) {
      throw new HttpError(503, BUSY, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    this.hold(address, 1);
    try {
      if (this.running >= this.workers) await new Promise<void>((start) => line.push({ address, start }));
      else this.running += 1;
      try {
        return await job();
      } finally {
        const next = this.trustedLine.shift() ?? this.line.shift();
        // The worker passes straight to the next in line, so `running` never drops below the work in progress.
        if (next) next.start();
        else this.running -= 1;
      }
    } finally {
      this.hold(address, -1);
    }
  }

  private hold(address: string, change: number): void {
    if (!address) return;
    const count = (this.held.get(address) ?? 0) + change;
    if (count > 0) this.held.set(address, count);
    else this.held.delete(address);
  }
}

/** libuv's pool has 4 threads by default: leave at least one free for files whatever the core count. */
export const hashWorkers = (): number =>
  Math.max(1, Math.min(os.availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1));
