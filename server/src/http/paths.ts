/** Every API route lives under this prefix; pages and pictures live outside it. */
export const API_PREFIX = '/api/v1';

/** A route's path as registered under the prefix, and its public address (for forms and gateway return URLs). */
export function apiRoute(path: `/${string}`): { route: string; url: string } {
  return { route: path, url: `${API_PREFIX}${path}` };
}
