import type { I18n } from '@lingui/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';

/** One fake API answer: a status and a JSON body. */
export type Answer = [status: number, body: unknown];
export type ApiHandlers = Record<string, (body: unknown, url: URL) => Answer>;

export interface ApiCall {
  route: string;
  body: unknown;
  url: URL;
}

/**
 * Replaces fetch with answers keyed by 'METHOD /path' (under /api/v1); unknown calls get a 404
 * `{ error }` as from the server. Returns the calls made, for assertions on what was sent.
 */
export function fakeApi(handlers: ApiHandlers): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const route = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ route, body, url });
      const [status, answer] = handlers[route]?.(body, url) ?? [404, { error: 'Not found.' }];
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Shows where the app navigated to, so a test can assert on it. */
function Landed() {
  const location = useLocation();
  return (
    <p>
      Landed on {location.pathname}
      {location.search}
    </p>
  );
}

/**
 * Renders a page at `path` inside the app's providers, with every other route showing where it landed;
 * in English unless `i18n` is another language's translator (see `hindiI18n`).
 */
export function renderPage(
  page: ReactElement,
  options: { path: string; route?: string; state?: unknown; i18n?: I18n },
) {
  const [pathname = '/', search = ''] = options.path.split(/(?=\?)/);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient} i18n={options.i18n}>
      <MemoryRouter initialEntries={[{ pathname, search, state: options.state }]}>
        <Routes>
          <Route path={options.route ?? pathname} element={page} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A Hindi page's translator with every part of the catalogue loaded, for `renderPage`'s `i18n`. */
export async function hindiI18n(): Promise<I18n> {
  const { createI18n, loadAllWords, messagesOf } = await import('@/lib/i18n');
  const i18n = createI18n('hi', await messagesOf('hi'));
  await loadAllWords(i18n);
  return i18n;
}
