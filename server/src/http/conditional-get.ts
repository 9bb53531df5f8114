import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { RecordedAnswers } from './recorded-answers.js';

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
/** Route options of a read that is the same for every shopper of a store (see answerConditionalGets). */
export const SAME_FOR_EVERY_SHOPPER = { config: { sameForEveryShopper: true } };

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

/** Smaller answers go out as they are: compressing them saves less than it costs (here and for @fastify/compress). */
export const COMPRESS_FROM_BYTES = 1024;
const COMPRESSORS = {
  // Brotli's quality 4 (@fastify/compress's choice): most of its gain at a fraction of 11's time.
  br: (body: string) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: string) => zlib.gzipSync(body),
};
type Encoding = keyof typeof COMPRESSORS;

/**
 * The few Accept-Encoding headers browsers and CDNs send, worked out once each; the map is emptied
 * when a client makes up too many.
 */
const encodingsOf = new Map<string, Encoding | undefined>();
const KEPT_ACCEPT_ENCODINGS = 64;

/** Brotli, else gzip, as the client accepts them (`q=0` refuses one); undefined for neither. */
export function encodingFor(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (encodingsOf.has(acceptEncoding)) return encodingsOf.get(acceptEncoding);
  const encoding = preferredEncoding(acceptEncoding);
  if (encodingsOf.size >= KEPT_ACCEPT_ENCODINGS) encodingsOf.clear();
  encodingsOf.set(acceptEncoding, encoding);
  return encoding;
}

function preferredEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name === 'x-gzip' ? 'gzip' : name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Compressed answers by tag and encoding: the same listing asked again is not compressed again,
 * which was the largest single cost of a catalogue read after the database. 16 MB at most.
 */
const compressed = new LRUCache<string, Buffer>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (bytes) => bytes.length,
});

function compressedAnswer(request: FastifyRequest, reply: FastifyReply, tag: string, body: string): string | Buffer {
  const encoding = body.length < COMPRESS_FROM_BYTES ? undefined : encodingFor(request.headers['accept-encoding']);
  if (!encoding) return body;
  const key = `${encoding} ${tag}`;
  let bytes = compressed.get(key);
  if (!bytes) {
    bytes = COMPRESSORS[encoding](body);
    compressed.set(key, bytes);
  }
  reply.header('content-encoding', encoding);
  return bytes;
}

/**
 * Whole answers of the routes marked `sameForEveryShopper`, by the store's revision and the URL:
 * the same listing asked again is sent as it was made, without the database, the mapping, the
 * JSON or its tag. Any change of the store's row (every catalogue, stock or detail change moves
 * it) makes a new revision, under which nothing is kept yet. 32 MB at most, the least recently
 * asked first out: made-up query strings can only push other answers out, never grow the process.
 */
const keptAnswers = new LRUCache<string, { tag: string; body: string }>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (answer, key) => answer.body.length + key.length,
});

/** The key an answer is kept under, taken before the route reads anything (an older revision, never a newer one). */
const answerKeys = new WeakMap<FastifyRequest, { revision: string; key: string }>();
/** Answers on their way out that the front door may give the next anonymous reader: its key and the bytes sent. */
const toRecord = new WeakMap<FastifyRequest, { key: string; body: string | Buffer }>();

function answerTagged(request: FastifyRequest, reply: FastifyReply, tag: string, body: string): string | Buffer | null {
  reply.header('etag', tag);
  reply.header('cache-control', isAnonymous(request) ? PUBLIC_READ_CACHING : SIGNED_IN_READ_CACHING);
  // A 304 names what its 200 varies by, as the cache in front of the shop keys on it.
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!matchesTag(request.headers['if-none-match'], tag)) return compressedAnswer(request, reply, tag, body);
  reply.code(304);
  reply.removeHeader('content-type');
  return null;
}

/**
 * Within the API scope: a route marked `sameForEveryShopper` answers with an ETag, and 304 without
 * a body when the client already holds it, else its compressed bytes. An answer kept for the
 * store's revision goes out before the route runs. With `recorded`, each such 200 to an anonymous
 * reader is also recorded, headers and all, for the server's front door (see RecordedAnswers).
 */
export function answerConditionalGets(
  api: FastifyInstance,
  revisionOf: (request: FastifyRequest) => string,
  recorded?: RecordedAnswers,
): void {
  const sent = (request: FastifyRequest, revision: string, body: string | Buffer | null) => {
    if (!recorded || body === null || !RecordedAnswers.isAnonymousRead(request.raw)) return body;
    const encoding = encodingFor(request.headers['accept-encoding']);
    toRecord.set(request, { key: RecordedAnswers.keyOf(request.headers.host, revision, request.url, encoding), body });
    return body;
  };

  api.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.sameForEveryShopper) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const revision = revisionOf(request);
    const key = `${revision} ${request.url}`;
    const kept = keptAnswers.get(key);
    if (!kept) {
      answerKeys.set(request, { revision, key });
      return;
    }
    reply.type('application/json; charset=utf-8');
    return reply.send(sent(request, revision, answerTagged(request, reply, kept.tag, kept.body)));
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const kept = answerKeys.get(request);
    if (kept === undefined) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const tag = tagOf(request.store.id, payload);
    keptAnswers.set(kept.key, { tag, body: payload });
    return sent(request, kept.revision, answerTagged(request, reply, tag, payload));
  });

  if (recorded) {
    // The headers as they went out, every hook's included.
    api.addHook('onResponse', async (request, reply) => {
      const answer = toRecord.get(request);
      if (answer && reply.statusCode === 200) recorded.record(answer.key, reply.getHeaders(), answer.body);
    });
  }
}
