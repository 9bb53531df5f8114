import { createHash } from 'node:crypto';
import { HttpError } from '../errors.js';

/** A counter's state after a change: how many are counted in the key's window, and when it ends. */
export interface Count {
  consumed: number;
  msBeforeNext: number;
}

/**
 * A fixed-window counter per key, kept where every server process sees it (the database or
 * Redis). `add` is one atomic step (one statement, one script): the count it returns already
 * includes this caller, so two processes adding at once can never both see room for one.
 */
export interface Counter {
  readonly points: number;
  add(key: string): Promise<Count>;
  /** Takes back one added earlier in the same window (never below zero, never a new window). */
  subtract(key: string): Promise<void>;
  peek(key: string): Promise<Count | null>;
  delete(key: string): Promise<void>;
}

/** Where counters live: shared by every server process on the same database or Redis. */
export interface LimitStore {
  limiter(name: string, points: number, windowMs: number): Counter;
  /** Why the store is not at its best (e.g. Redis unreachable, the database's counters used), or nothing. */
  trouble(): Promise<string | undefined>;
  close(): Promise<void>;
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One limit: at most `points` counted events per key per window. */
export class Limit {
  constructor(private readonly counter: Counter) {}

  /**
   * Takes one place before the work it limits; returns the seconds to wait when there was none
   * (the refused attempt stays counted: it cannot extend a fixed window), else 0.
   */
  async take(key: string): Promise<number> {
    const count = await this.counter.add(key);
    return count.consumed > this.counter.points ? secondsOf(count.msBeforeNext) : 0;
  }

  /** Gives back a place taken by `take` whose work turned out not to count (a right password). */
  async giveBack(key: string): Promise<void> {
    await this.counter.subtract(key);
  }

  /** Seconds until the key may try again, or 0 when it is under its limit (for showing, not for deciding). */
  async retryAfter(key: string): Promise<number> {
    const count = await this.counter.peek(key);
    return count && count.consumed >= this.counter.points ? secondsOf(count.msBeforeNext) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.counter.delete(key);
  }
}

/**
 * Takes one place in each limit in turn, stopping at the first that is full: that one keeps its
 * refused count, the ones taken before it are given back (the attempt did no work), the ones
 * after it are never touched, so a blocked address cannot use up the budget of the emails it
 * sprays. Returns the index of the full limit and its wait, or undefined when all had room.
 */
export async function takeAll(
  places: ReadonlyArray<readonly [Limit, string]>,
): Promise<{ index: number; wait: number } | undefined> {
  for (const [index, [limit, key]] of places.entries()) {
    const wait = await limit.take(key);
    if (wait) {
      await giveBackAll(places.slice(0, index));
      return { index, wait };
    }
  }
  return undefined;
}

export async function giveBackAll(places: ReadonlyArray<readonly [Limit, string]>): Promise<void> {
  for (const [limit, key] of places) await limit.giveBack(key);
}

/** Keys are hashed: the counter table then holds no email, and no key outgrows its column. */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

export function tooMany(retryAfterSeconds: number, message: string): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}

export const inMinutes = (seconds: number): string => `${Math.ceil(seconds / 60)} minute(s)`;
