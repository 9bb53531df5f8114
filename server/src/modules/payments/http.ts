import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { escapeHtml, page } from '../../shared/html.js';

export const isMobile = (request: FastifyRequest) =>
  /Android|iPhone|iPad|iPod|Mobile/i.test(request.headers['user-agent'] ?? '');

/** A gateway's form, as text fields only (anything else is dropped, not trusted). */
export function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'The request has no form fields.');
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Browser-facing payment pages show their errors as a page, not JSON. */
export async function asPage(reply: FastifyReply, render: () => Promise<string> | string) {
  try {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await render());
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return reply
      .code(error.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'Payment',
          `<h1>We could not continue with this payment</h1><p>${escapeHtml(error.message)}</p><p><a href="/orders">Back to my orders</a></p>`,
        ),
      );
  }
}
