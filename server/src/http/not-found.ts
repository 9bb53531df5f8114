import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './paths.js';

/** What no route answers: a 404, or for a storefront page posted to, the page again. */
export function answerNotFound(app: FastifyInstance, servesPages: boolean): void {
  app.setNotFoundHandler(async (request, reply) => {
    const pageAddress = servesPages && !request.url.startsWith(`${API_PREFIX}/`) && !request.url.startsWith('/media/');
    // A form sent before its page became interactive posts to the page itself: show the page again
    // (its fields never travel in an address).
    if (pageAddress && request.method === 'POST') return reply.redirect(request.url, 303);
    return reply.code(404).send({ error: 'Not found.' });
  });
}
