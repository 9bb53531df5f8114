import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Compares two hex digests in constant time. */
export function sameDigest(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hmacSha256 = (secret: string, values: string[]) =>
  createHmac('sha256', secret).update(values.join('|')).digest('hex');

export const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
