import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { AppState } from './app/app-state';
import { AppProviders, createQueryClient } from './app/providers';
import { createRoutes } from './app/router';
import { type ApiTransport, inLanguage, setServerTransport } from './lib/api-client';
import { createI18n, messagesOf } from './lib/i18n';
import { basenameOf, HTML_LANG, localeOfPath } from './lib/i18n/locale';
import { headHtml, PageHeadCollector, PageHeadContext, scriptJson } from './lib/page-head';
import { SiteOriginContext } from './lib/site-origin';

/**
 * The storefront rendered on the server: the page's data is loaded by its route's loaders through
 * the server's own API handler, the page rendered with React's streaming renderer, and the data
 * handed to the browser so it takes the page over without asking again.
 */

// Each render's API requests go to the handler of that render's request (its host, its store).
const apiOfThisRender = new AsyncLocalStorage<ApiTransport>();
setServerTransport((path, init) => {
  const api = apiOfThisRender.getStore();
  if (!api) return Promise.reject(new Error('An API request outside a page render.'));
  return api(path, init);
});

export interface RenderedPage {
  status: number;
  /** The page's language, for `<html lang>`. */
  lang: string;
  /** The page's title, meta tags, canonical link, language alternates and structured data. */
  head: string;
  /** The rendered app, for inside the page's root element. */
  html: string;
  /** The data the browser takes over, as the text of a JSON script block. */
  state: string;
}

export type RenderResult = RenderedPage | { redirect: string; status: number };

export async function render(request: Request, api: ApiTransport): Promise<RenderResult> {
  const locale = localeOfPath(new URL(request.url).pathname);
  const apiInLanguage: ApiTransport = (path, init) => api(inLanguage(path, init, locale), init);
  return apiOfThisRender.run(apiInLanguage, async () => {
    const queryClient = createQueryClient();
    const basename = basenameOf(locale) || undefined;
    const handler = createStaticHandler(createRoutes(queryClient), { basename });
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { redirect: context.headers.get('location') ?? '/', status: context.status };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const origin = new URL(request.url).origin;
    const head = new PageHeadCollector();
    const i18n = createI18n(locale, await messagesOf(locale));
    const html = await renderToString(
      <StrictMode>
        <SiteOriginContext.Provider value={origin}>
          <PageHeadContext.Provider value={head}>
            <AppProviders queryClient={queryClient} i18n={i18n}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </PageHeadContext.Provider>
        </SiteOriginContext.Provider>
      </StrictMode>,
    );
    const state: AppState = {
      queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
      router: { loaderData: context.loaderData, actionData: context.actionData },
      origin,
    };
    return {
      status: context.statusCode,
      lang: HTML_LANG[locale],
      head: headHtml(head.head, origin, locale, pageAddress(request)),
      html,
      state: scriptJson(withPlainErrors(state)),
    };
  });
}

/** The address asked for, path and query, as the page's language alternates name it. */
function pageAddress(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** React's streaming renderer, waiting for the whole page (a search engine reads it all at once). */
function renderToString(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    const { pipe } = renderToPipeableStream(app, {
      // The whole page in place, never parts sent ahead to be moved by inline scripts (which the
      // shop's Content-Security-Policy forbids).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failure) return reject(failure);
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure = error;
      },
    });
  });
}

/** Errors travel as their name, message and status (an Error's own fields are not JSON): a 404 stays a 404. */
function withPlainErrors(state: AppState): AppState {
  const queries = state.queries.queries.map((query) => {
    const error = query.state.error;
    if (!(error instanceof Error)) return query;
    const plain = { name: error.name, message: error.message, status: (error as { status?: unknown }).status ?? null };
    return { ...query, state: { ...query.state, error: plain as unknown as Error } };
  });
  return { ...state, queries: { ...state.queries, queries } };
}
