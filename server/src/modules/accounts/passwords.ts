import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { hashWorkers, WorkQueue } from './hash-queue.js';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP: scrypt with N = 2^17, r = 8, p = 1. Every shop hashes at this cost. */
export const OWASP_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

const hashing = new WorkQueue(hashWorkers(), 64);

/** How many hashes may wait for a worker before sign-ins and registrations get a 503. */
export function limitPasswordHashing(waiting: number, workers = hashWorkers()): void {
  hashing.resize(workers, waiting);
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** Stored as `scrypt$N$r$p$salt$key` (base64), so the cost can rise later without breaking old hashes. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...cost, maxmem: MAX_MEMORY });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<string, Promise<string>>();

/** A hash to check unknown emails against, so they cost the same time as a wrong password. */
export function dummyPasswordHash(cost: ScryptCost = OWASP_SCRYPT_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost).catch((error) => {
      // A busy queue turned it away: try again next time rather than keep the failure.
      dummyHashes.delete(key);
      throw error;
    });
    dummyHashes.set(key, hash);
  }
  return hash;
}
