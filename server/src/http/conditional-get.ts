import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The same answer for every shopper of the store (its catalogue, its details): tagged, and public when anonymous. */
    sameForEveryShopper?: boolean;
  }
}

/**
 * How long a browser or a shared cache may keep an anonymous catalogue read: 5 s fresh, then up
 * to 25 s more served while it asks again. A price the merchant changes shows within half a
 * minute at worst, while a burst of the same read (a shared listing, a busy home page) is served
 * from a cache in front of the shop; orders are always priced by the server, never by a cached page.
 */
export const PUBLIC_READ_CACHING = 'public, max-age=5, stale-while-revalidate=25';
/** A signed-in shopper's read is kept by their browser alone, and asked again each time (a 304 when unchanged). */
export const SIGNED_IN_READ_CACHING = 'private, no-cache';

/** A weak tag of the answer's bytes and its store: two stores never share one, even for equal bytes. */
function tagOf(storeId: string, body: string): string {
  return `W/"${createHash('sha1').update(storeId).update('\0').update(body).digest('base64url')}"`;
}

/** If-None-Match names this tag (compared weakly, as RFC 9110 wants for GET), or is `*`. */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

const isAnonymous = (request: FastifyRequest) => !request.headers.authorization && !request.headers.cookie;

/**
 * Within the API scope: a route marked `sameForEveryShopper` answers with an ETag, and 304 without
 * a body when the client already holds it. Runs before compression, on the JSON itself.
 */
export function answerConditionalGets(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.sameForEveryShopper) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const tag = tagOf(request.store.id, payload);
    reply.header('etag', tag);
    reply.header('cache-control', isAnonymous(request) ? PUBLIC_READ_CACHING : SIGNED_IN_READ_CACHING);
    if (!matchesTag(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    return null;
  });
}
