import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/**
 * Ids for many rows made at once (an import's new products): UUIDs of version 7 (RFC 9562), a
 * millisecond time, then a counter, then random bits of this generator, so each sorts after the
 * one before. Inserting them appends to the indexes on product ids instead of touching a random
 * page of each for every row, which at a million products is most of the writing's time.
 */
export function orderedIds(): () => string {
  const time = Date.now().toString(16).padStart(12, '0');
  const random = randomBytes(5).toString('hex').slice(0, 9);
  let counter = 0;
  return () => {
    // 36 bits of counter: three hex digits where version 7 has random bits, six after the variant.
    const count = (counter++).toString(16).padStart(9, '0');
    return `${time.slice(0, 8)}-${time.slice(8)}-7${count.slice(0, 3)}-8${count.slice(3, 6)}-${count.slice(6)}${random}`;
  };
}

const ORDER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Order numbers a shopper can read out and type: 10 characters without 0/O/1/I. */
export function newOrderNumber(): string {
  const bytes = randomBytes(10);
  let id = '';
  for (const byte of bytes) id += ORDER_ALPHABET[byte % ORDER_ALPHABET.length];
  return id;
}

export const nowIso = (): string => new Date().toISOString();
