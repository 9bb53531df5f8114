import { HttpError } from './errors.js';

/** True when any string in the value (keys included) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store NUL in text, and no field of ours needs one: refuse it up front, on
 * both databases alike, instead of failing deep inside a query.
 */
export function refuseNulCharacters(request: { body?: unknown; query?: unknown; params?: unknown }): void {
  if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
    throw new HttpError(400, 'Text must not contain NUL characters.');
  }
}
