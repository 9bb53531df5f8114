import { Redis } from 'ioredis';
import type { Count, Counter } from './counters.js';

/** Redis answers in a millisecond; past this it is down or stuck, and the database's counters take over. */
export const REDIS_TIMEOUT_MS = 500;

/** Counts one and reads the window in one script: atomic on the server, whatever the other processes do. */
const ADD = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** Takes one back only inside a live window, never below zero. */
const SUBTRACT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const PEEK = `
local n = redis.call('GET', KEYS[1])
if not n then return false end
return {tonumber(n), redis.call('PTTL', KEYS[1])}`;

/**
 * A client that fails fast instead of queueing: no offline queue, no retries of a command, short
 * connect and command timeouts. It keeps reconnecting in the background on its own.
 */
export function fastFailingRedis(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Errors surface on the call that needed Redis (and then in /health); the client reconnects by itself.
  redis.on('error', () => {});
  return redis;
}

/** Waits for the first connection (at most `ms`): a shop that starts with Redis counts there from its first request. */
export function readyWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

export class RedisCounter implements Counter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly points: number,
    private readonly windowMs: number,
  ) {}

  async add(key: string): Promise<Count> {
    const [consumed, ttl] = (await this.redis.eval(ADD, 1, this.keyOf(key), this.windowMs)) as [number, number];
    return { consumed, msBeforeNext: Math.max(ttl, 0) };
  }

  async subtract(key: string): Promise<void> {
    await this.redis.eval(SUBTRACT, 1, this.keyOf(key));
  }

  async peek(key: string): Promise<Count | null> {
    const found = (await this.redis.eval(PEEK, 1, this.keyOf(key))) as [number, number] | null;
    return found ? { consumed: found[0], msBeforeNext: Math.max(found[1], 0) } : null;
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.prefix}:${key}`;
  }
}
