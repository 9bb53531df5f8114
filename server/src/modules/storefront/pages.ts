import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../http/paths.js';

/**
 * The storefront's pages, rendered on the server by the storefront's own server build
 * (web/dist/server/entry-server.js): the first HTML holds the page's content, title and data, and
 * the browser takes it over. Without that build (or when a render fails) the page is the plain
 * single-page app, which renders itself in the browser.
 */

/** What the storefront's server build exports (web/src/entry-server.tsx). */
interface StorefrontRenderer {
  render(request: Request, api: (path: string, init: RequestInit) => Promise<Response>): Promise<RenderResult>;
}
type RenderResult =
  | { status: number; lang?: string; head: string; html: string; state: string }
  | { status: number; redirect: string };

export interface StorefrontPages {
  /** Answers a storefront address with its page. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * `publicOriginAt` gives the public origin of the store a Host header reaches: the page's canonical
 * and shared links are made from it, never from the Host the client sent.
 */
export async function loadStorefrontPages(
  app: FastifyInstance,
  webDist: string,
  template: string,
  publicOriginAt: (hostHeader: string | undefined) => Promise<string>,
): Promise<StorefrontPages> {
  const entry = path.join(webDist, 'server', 'entry-server.js');
  const renderer = fs.existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as StorefrontRenderer) : undefined;
  const plainPage = fillTemplate(template, { head: '', html: '', state: '' });

  return {
    async send(request, reply) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!renderer) return reply.send(plainPage);
      try {
        const origin = await publicOriginAt(request.headers.host);
        const page = await renderer.render(toWebRequest(origin, request), apiThroughThisServer(app, request));
        if ('redirect' in page) return reply.redirect(page.redirect, page.status);
        return reply.code(page.status).send(fillTemplate(template, page));
      } catch (error) {
        // A page that cannot be rendered here still works: the browser renders it.
        request.log.error({ err: error }, 'storefront: a page failed to render on the server');
        return reply.send(plainPage);
      }
    },
  };
}

function fillTemplate(template: string, page: { lang?: string; head: string; html: string; state: string }): string {
  const state = page.state ? `<script type="application/json" id="app-state">${page.state}</script>` : '';
  // The page's language (`hi` under /hi/), for screen readers, search engines and its font.
  const lang = page.lang && /^[a-z]{2}$/.test(page.lang) ? page.lang : 'en';
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-state-->', () => state);
}

/** The page's address on the store's public origin, which its canonical and shared links name. */
function toWebRequest(origin: string, request: FastifyRequest): Request {
  return new Request(`${origin}${request.url}`, { method: 'GET' });
}

/** The page's API requests, answered in this process by the API itself, for the page's host. */
function apiThroughThisServer(app: FastifyInstance, request: FastifyRequest) {
  return async (apiPath: string, init: RequestInit): Promise<Response> => {
    // A page reads while it renders; anything else waits for the browser.
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`A page rendered on the server may only read (${apiPath}).`);
    const answer = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}${apiPath}`,
      headers: { host: request.headers.host ?? 'localhost', accept: 'application/json' },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}
