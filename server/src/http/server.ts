import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { answerClientError } from './error-handler.js';
import { HttpError } from './errors.js';
import { AnswerLines, requestIdOf, shopLogging } from './logging.js';
import { type RecordedAnswers, serverWithFrontDoor, type TrustProxy } from './recorded-answers.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Longer URLs are refused with 414: no page or call of ours needs one. */
export const MAX_URL_LENGTH = 8192;
/** A slow client must send its headers within 15 s and its whole request within 30 s. */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export interface ShopServerOptions {
  logger?: FastifyServerOptions['logger'] | undefined;
  trustProxy?: TrustProxy | undefined;
  /** Open connections at most (Node's server.maxConnections). */
  maxConnections?: number | undefined;
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
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  if (options.maxConnections) app.server.maxConnections = options.maxConnections;
  return app;
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
