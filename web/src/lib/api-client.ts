import { clearAuthToken, getAuthToken } from './auth-token';
import { DEFAULT_LOCALE, type Locale, localeOfPath } from './i18n/locale';

export type ApiResult<T> =
  | { ok: true; data: T; status: number }
  | {
      ok: false;
      status: number | null;
      error: string | null;
      /** The request field the server's message is about (a 400's `field`), to show it beside that field. */
      field?: string;
    };

/**
 * A failed API call, as a query throws it: the status (null when no answer came) and a message.
 * Read it with isNotFound, which also understands an error handed over from the server's render.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The thing asked for does not exist (or is not the caller's to see): a 404. */
export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** A list sends the parameter once per value (`attr.Speed=2.5&attr.Speed=10`). */
export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sent even as the page is left (a write made on `pagehide`). */
  keepalive?: boolean;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

/**
 * Spec section 7: `{origin}/api/v1` in local development (localhost, 127.0.0.1, an IP address),
 * otherwise the `api.` subdomain of the current host. VITE_API_BASE_URL overrides both.
 */
export function apiBaseUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'> = window.location) {
  const override = import.meta.env.VITE_API_BASE_URL;
  if (override) return String(override).replace(/\/+$/, '');
  const { protocol, hostname, port, origin } = location;
  if (hostname === 'localhost' || hostname === '127.0.0.1' || isIpAddress(hostname)) return `${origin}/api/v1`;
  const apiHost = hostname.startsWith('api.') ? hostname : `api.${hostname}`;
  return `${protocol}//${apiHost}${port ? `:${port}` : ''}/api/v1`;
}

/** The path under /api/v1 with its query: only the values that say something. */
export function apiPath(path: string, query?: Record<string, QueryValue>): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '') params.append(key, item);
    } else if (value !== undefined && value !== null && value !== '') {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  return `${apiBaseUrl()}${apiPath(path, query)}`;
}

/**
 * How a request reaches the API. In the browser: fetch. While the server renders a page, the
 * server's own handler answers (the path under /api/v1 and the request's init), for the page's host.
 */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let serverTransport: ApiTransport | null = null;

/** Called once by the server renderer: every request then goes to the server's own handler. */
export function setServerTransport(transport: ApiTransport): void {
  serverTransport = transport;
}

/** The catalogue's reads, which answer in the page's language where the merchant wrote it. */
const CATALOGUE_READS = /^\/(products|categories)(?:[/?]|$)/;

/**
 * The API path as a page in `locale` asks it: a catalogue read on a Hindi page asks for Hindi
 * (`lang=hi`; English where a product has no Hindi text). Everything else is asked as it is.
 */
export function inLanguage(path: string, init: RequestInit, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || (init.method ?? 'GET') !== 'GET' || !CATALOGUE_READS.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
}

function send(path: string, query: Record<string, QueryValue> | undefined, init: RequestInit): Promise<Response> {
  // The server's renderer adds the page's language itself (one render, one language).
  if (serverTransport) return serverTransport(apiPath(path, query), init);
  const locale = localeOfPath(window.location.pathname);
  // The shop's catalogue answers may be kept a few seconds by a CDN; the shopper's own browser asks
  // again every time (a 304 when nothing changed), so a price changed on the server shows at once.
  return fetch(`${apiBaseUrl()}${inLanguage(apiPath(path, query), init, locale)}`, { cache: 'no-cache', ...init });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fieldOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'field' in body) {
    const { field } = body as { field: unknown };
    if (typeof field === 'string' && field) return field;
  }
  return undefined;
}

function errorOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return null;
}

/** One request to /api/v1. Never throws: every outcome is an ApiResult. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await send(path, options.query, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    return { ok: false, status: null, error: null };
  }

  let body: unknown = null;
  try {
    body = await readBody(response);
  } catch {
    body = null;
  }

  if (response.status === 401) clearAuthToken();
  if (!response.ok) {
    const field = fieldOf(body);
    return { ok: false, status: response.status, error: errorOf(body), ...(field ? { field } : {}) };
  }
  return { ok: true, status: response.status, data: body as T };
}

/** A file from /api/v1 (an invoice's PDF): its bytes and the name the server gives it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Fetches a file with the shopper's bearer token, which a plain link cannot send. Never throws:
 * a failure is an ApiResult with the server's `{ error }`.
 */
export async function apiDownload(
  path: string,
  options: Pick<ApiRequestOptions, 'query' | 'signal'> = {},
): Promise<ApiResult<DownloadedFile>> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await send(path, options.query, {
      headers,
      credentials: 'include',
      signal: options.signal,
    });
  } catch {
    return { ok: false, status: null, error: null };
  }
  if (response.status === 401) clearAuthToken();
  if (!response.ok) {
    const body = await readBody(response).catch(() => null);
    return { ok: false, status: response.status, error: errorOf(body) };
  }
  try {
    const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
    return { ok: true, status: response.status, data: { blob: await response.blob(), fileName } };
  } catch {
    return { ok: false, status: null, error: null };
  }
}

/** Saves a downloaded file the way a download link would. */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
