import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const ORDER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Order numbers a shopper can read out and type: 10 characters without 0/O/1/I. */
export function newOrderNumber(): string {
  const bytes = randomBytes(10);
  let id = '';
  for (const byte of bytes) id += ORDER_ALPHABET[byte % ORDER_ALPHABET.length];
  return id;
}

export const nowIso = (): string => new Date().toISOString();
