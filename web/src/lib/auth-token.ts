export const AUTH_TOKEN_COOKIE = 'auth_token';
export const AUTH_TOKEN_CHANGE_EVENT = 'auth-token-change';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function getAuthToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === AUTH_TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value ? value : null;
    }
  }
  return null;
}

/** Without a lifetime the cookie lasts for the browser session only. */
function writeCookie(value: string, maxAgeSeconds: number | undefined) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime =
    maxAgeSeconds === undefined
      ? ''
      : `; expires=${new Date(Date.now() + maxAgeSeconds * 1000).toUTCString()}; max-age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's auth_token cookie; the Cookie Store API is not in every browser
  document.cookie = `${AUTH_TOKEN_COOKIE}=${encodeURIComponent(value)}; path=/${lifetime}; SameSite=Lax${secure}`;
}

function announce() {
  window.dispatchEvent(new Event(AUTH_TOKEN_CHANGE_EVENT));
}

/** Remembered: kept 30 days (spec section 9); otherwise a session cookie, gone when the browser closes. */
export function setAuthToken(token: string, remember: boolean): void {
  writeCookie(token, remember ? MAX_AGE_SECONDS : undefined);
  announce();
}

export function clearAuthToken(): void {
  const had = getAuthToken() !== null;
  writeCookie('', 0);
  if (had) announce();
}
