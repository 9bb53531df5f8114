import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import { requestIdOf } from './logging.js';

/** Fastify's trustProxy: whether to believe X-Forwarded-For/-Proto, from any proxy or from these addresses. */
export type TrustProxy = boolean | string;

declare module 'fastify' {
  interface FastifyInstance {
    frontDoor: RecordedAnswers;
  }
}

/** What the front door needs of the shop, once the server is ready (see RecordedAnswers.open). */
export interface FrontDoorOptions {
  /** The revision of the store a Host names, if this process holds it for the current change mark; else undefined. */
  revisionFor(hostHeader: string): string | undefined;
  /** The encoding the shop would choose for this Accept-Encoding (as conditional GETs do). */
  encodingFor(acceptEncoding: string | undefined): string | undefined;
  log: FastifyBaseLogger;
  trustProxy: TrustProxy;
}

interface Recorded {
  /** Name, value, name, value …: every header the answer went out with but those of one request or connection. */
  headers: string[];
  body: Buffer;
}

/** Headers that belong to one request or connection, never to a recorded answer. */
const OWN_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The front door of the server. A read that is the same for every shopper (the catalogue, the store's
 * details), asked by an anonymous shopper without Origin, cookie, Authorization or If-None-Match, and
 * answered before under the same Host, store revision, URL and encoding, goes out as the very bytes
 * and headers the shop sent then, before Fastify's routing and hooks run: under load those were most
 * of such a read's cost. Its log line is the shop's usual one. Anything else, and anything not
 * recorded yet, goes to Fastify, which records the answer as it sends it.
 *
 * The key holds the store's revision, which every catalogue, stock or detail change moves: an
 * answer is never another store's, never older than the revision the request found. The recordings
 * share one bound (32 MB, the least recently asked out first): made-up URLs only push others out.
 */
export class RecordedAnswers {
  private readonly answers = new LRUCache<string, Recorded>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (answer, key) => answer.body.length + key.length + 40 * answer.headers.length,
  });
  private door: (FrontDoorOptions & { trust: (address: string, hop: number) => boolean }) | undefined;
  private given = 0;

  /** How many requests the front door has answered so far (the rest went to Fastify). */
  get answered(): number {
    return this.given;
  }

  /** From here on, recorded answers are given at the door. */
  open(options: FrontDoorOptions): void {
    this.door = { ...options, trust: trustOf(options.trustProxy) };
  }

  /** Everything goes to Fastify again (it answers requests of a closing server itself). */
  close(): void {
    this.door = undefined;
  }

  /** Whether this request may be answered from, or recorded into, what every anonymous shopper is given. */
  static isAnonymousRead(request: IncomingMessage): boolean {
    const { headers } = request;
    return (
      request.method === 'GET' &&
      headers.origin === undefined &&
      headers.cookie === undefined &&
      headers.authorization === undefined &&
      headers['if-none-match'] === undefined
    );
  }

  static keyOf(hostHeader: string | undefined, revision: string, url: string, encoding: string | undefined): string {
    return `${hostHeader ?? ''}\n${revision}\n${encoding ?? 'identity'}\n${url}`;
  }

  /** Keeps a 200 the shop sent (with headers as they went out) under its key. An answer that sets a cookie is never kept. */
  record(key: string, headers: Record<string, string | number | string[] | undefined>, body: string | Buffer): void {
    if (headers['set-cookie'] !== undefined) return;
    const flat: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || OWN_HEADERS.has(name)) continue;
      flat.push(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    this.answers.set(key, { headers: flat, body: typeof body === 'string' ? Buffer.from(body) : body });
  }

  /** Answers the request from a recording and says so, or returns false and leaves it untouched for Fastify. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const door = this.door;
    if (!door || !RecordedAnswers.isAnonymousRead(request)) return false;
    const started = performance.now();
    const host = request.headers.host;
    const revision = door.revisionFor(host ?? '');
    if (revision === undefined) return false;
    const url = request.url ?? '';
    const encoding = door.encodingFor(request.headers['accept-encoding']);
    const recorded = this.answers.get(RecordedAnswers.keyOf(host, revision, url, encoding));
    if (!recorded) return false;
    const reqId = requestIdOf(request);
    const ip = proxyAddr(request, door.trust);
    response.writeHead(200, [
      ...recorded.headers,
      'x-request-id',
      reqId,
      'content-length',
      String(recorded.body.length),
    ]);
    response.end(recorded.body);
    this.given += 1;
    door.log.info(
      {
        reqId,
        req: { method: 'GET', url, host, ip },
        res: { statusCode: 200 },
        responseTime: performance.now() - started,
      },
      'request completed',
    );
    return true;
  }
}

/** Which proxies' X-Forwarded-For to believe, as Fastify works it out from the same setting (for the log line's address). */
function trustOf(trustProxy: TrustProxy): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  return proxyAddr.compile(trustProxy.split(',').map((address) => address.trim()));
}

/**
 * The HTTP server Fastify would make (its timeouts applied as Fastify applies them; the shop sets no
 * other server option), with the front door before Fastify's handler.
 */
export function serverWithFrontDoor(
  recorded: RecordedAnswers,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  settings: FastifyServerOptions,
): http.Server {
  // Slow clients past their header or request timeout are looked for every second (Node's default: every 30 s).
  const server = http.createServer({ connectionsCheckingInterval: 1000 }, (request, response) => {
    let answered: boolean;
    try {
      answered = recorded.answer(request, response);
    } catch {
      // Whatever went wrong at the door, the shop answers the request (unless the door already did).
      answered = response.headersSent;
    }
    if (!answered) handler(request, response);
  });
  if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
  if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
  if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
  if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
  return server;
}
