import type http from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { answerClientError } from './error-handler.js';
import { HttpError } from './errors.js';
import { AnswerLines, requestIdOf, shopLogging } from './logging.js';
import { type RecordedAnswers, serverWithFrontDoor, type TrustProxy } from './recorded-answers.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Longer URLs are refused with 414: no page or call of ours needs one. */
export const MAX_URL_LENGTH = 8192;
/**
 * A slow client must send its headers within 10 s and its whole request (the body too) within
 * 30 s. Node looks for connections past these every second (see serverWithFrontDoor; its default
 * is 30 s), so a socket that trickles a header is closed 10–11 s after it opened.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Open connections one network address may hold at once (MAX_CONNECTIONS_PER_IP). */
export const MAX_CONNECTIONS_PER_ADDRESS = 64;

export interface ShopServerOptions {
  logger?: FastifyServerOptions['logger'] | undefined;
  trustProxy?: TrustProxy | undefined;
  /** Open connections at most (Node's server.maxConnections). */
  maxConnections?: number | undefined;
  /**
   * Open connections one address may hold; more are closed at once. Not applied behind a trusted
   * proxy: every connection then comes from the proxy's address (nginx's limit_conn counts them).
   */
  maxConnectionsPerAddress?: number | undefined;
  /** How long a client may take to send its headers (HEADERS_TIMEOUT_MS; tests make it short). */
  headersTimeoutMs?: number | undefined;
}

/** The Fastify server behind the front door of recorded answers, with the shop's limits and logging. */
export function createShopServer(recordedAnswers: RecordedAnswers, options: ShopServerOptions): FastifyInstance {
  const logger = options.logger;
  const app = Fastify({
    serverFactory: (handler, settings) => serverWithFrontDoor(recordedAnswers, handler, settings),
    // Our redaction and request line come first; the caller's level and destination win.
    logger: logger ? { ...shopLogging(), ...(logger === true ? {} : logger) } : false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new AnswerLines(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    trustProxy: options.trustProxy ?? false,
    requestTimeout: REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
  });
  app.server.headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  if (options.maxConnections) app.server.maxConnections = options.maxConnections;
  if (!options.trustProxy)
    capConnectionsPerAddress(app.server, options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS);
  return app;
}

/**
 * Closes a new connection at once when its address already holds `cap` open ones, so one client's
 * slow sockets cannot take every connection the server allows (MAX_CONNECTIONS) from the others.
 * Runs before the HTTP parser is attached: a refused socket costs nothing more.
 */
export function capConnectionsPerAddress(server: http.Server, cap: number): void {
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Every answer names its request; overlong URLs are refused before any route looks at them. */
export function guardRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.length > MAX_URL_LENGTH) throw new HttpError(414, 'The URL is too long.');
  });
}

/** The bodies the shop reads: JSON, and HTML forms (payment gateways post their callbacks as forms). */
export function acceptJsonAndForms(app: FastifyInstance): void {
  // The API speaks JSON only; plain text would otherwise reach the handlers as a string.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
