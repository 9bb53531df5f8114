import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a secret with what a caller sent in constant time (both hashed first, so lengths tell nothing). */
export function sameText(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
