import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Fastify's own client errors, in words a caller can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON with Content-Type: application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body.',
  FST_ERR_BAD_URL: 'The URL is malformed.',
};

export const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a few minutes.';
const UNAVAILABLE_RETRY_SECONDS = '120';

/**
 * The database cannot take writes (disk full, read-only file or mount, I/O failure, or
 * PostgreSQL out of resources or in a read-only transaction): the shop is down for a while,
 * which the caller should hear as 503, not as a bug of ours (500).
 */
export function isStorageUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (code === 'SQLITE_FULL' || code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_')) return true;
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return true;
  // PostgreSQL SQLSTATE: class 53 (insufficient resources: 53100 disk full, 53200 memory, 53300 connections), 25006 read-only.
  return /^53[0-9A-Z]{3}$/.test(code) || code === '25006';
}

export const BUSY_MESSAGE = 'The shop is busy. Please try again in a moment.';
const BUSY_RETRY_SECONDS = '5';

/**
 * SQLite's one write lock was held by another process (the `store` command, a second server
 * process) for longer than the busy timeout, after writeTransaction's own tries: the write was not
 * made, and the same request a moment later will be. A 503 the caller can retry, not a bug (500).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** Answers Node's own HTTP parser sends before any route (a URI or headers too large, a malformed request). */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'The URL is too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

function rawJson(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ error: message });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's clientErrorHandler: the same `{ error }` shape for what never reaches a route. */
export function answerClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && socket.destroyed)) {
    socket.destroy(error);
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be understood.'];
  const reason = {
    400: 'Bad Request',
    408: 'Request Timeout',
    414: 'URI Too Long',
    431: 'Request Header Fields Too Large',
  }[status];
  socket.end(rawJson(status, reason ?? 'Bad Request', message));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(error.field ? { error: error.message, field: error.field } : { error: error.message });
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'the database cannot take writes');
      return reply.code(503).header('retry-after', UNAVAILABLE_RETRY_SECONDS).send({ error: UNAVAILABLE_MESSAGE });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'the database stayed busy past its timeout');
      return reply.code(503).header('retry-after', BUSY_RETRY_SECONDS).send({ error: BUSY_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[error.code] ?? (error instanceof SyntaxError ? 'Request body is not valid JSON.' : null);
      return reply.code(status).send({ error: message ?? 'The request could not be understood.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}
