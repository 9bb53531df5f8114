import { ADMIN_CSRF_HEADER } from '@netkart/contract';

/** A refusal or failure of the back office's API: the server's message, and the field it is about when it names one. */
export class AdminApiError extends Error {
  constructor(
    /** null when the server could not be reached. */
    readonly status: number | null,
    message: string,
    readonly field?: string,
    /** The whole answer, for a refusal that says more than its message (an import's report). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export const isAdminApiError = (error: unknown): error is AdminApiError => error instanceof AdminApiError;

const OFFLINE = 'Could not reach the shop. Check the connection and try again.';

export interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A multipart upload (a picture, a catalogue file); the browser writes its Content-Type. */
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  /** The session's token, sent on every call that changes something. */
  csrfToken?: string;
  signal?: AbortSignal;
}

/**
 * One call to /api/v1/admin on this same origin, with the session cookie. Answers the body, or
 * throws an AdminApiError carrying the server's `{ error, field }`.
 */
export async function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !options.form) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && options.csrfToken) headers[ADMIN_CSRF_HEADER] = options.csrfToken;

  let response: Response;
  try {
    response = await fetch(adminUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AdminApiError(null, OFFLINE);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const { error, field } = (body ?? {}) as { error?: unknown; field?: unknown };
    throw new AdminApiError(
      response.status,
      typeof error === 'string' && error ? error : `The shop answered ${response.status}. Try again.`,
      typeof field === 'string' && field ? field : undefined,
      body,
    );
  }
  return body as T;
}

function queryString(query: AdminRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** The address of a call under /api/v1/admin, for the API client and for download links. */
export function adminUrl(path: string, query?: AdminRequestOptions['query']): string {
  const search = queryString(query);
  return `/api/v1/admin${path}${search ? `?${search}` : ''}`;
}
