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

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.message });
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
