import { ContactRequest, ContactResponse } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitKey, tooMany } from '../../http/limits.js';
import { describeRoutes, valid, withErrors } from '../../http/wire.js';
import type { ContactService } from './service.js';

export async function contactRoutes(app: FastifyInstance, { contact }: { contact: ContactService }): Promise<void> {
  describeRoutes(app, { tag: 'contact' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;

  const send = { body: ContactRequest, response: withErrors({ 201: ContactResponse }) };
  api.post('/contact', { schema: send }, async (request, reply) => {
    const input = valid(request, 'body');
    // Counted and checked in one step, so messages sent at once cannot slip past the limit together.
    const wait = await limits.contactMessagesByAddress.take(limitKey(request.store.id, request.ip));
    if (wait) {
      const minutes = Math.ceil(wait / 60);
      throw tooMany(wait, `Too many messages from this network. Please try again in ${minutes} minute(s).`);
    }
    const ticket = await contact.receive(request.store, input);
    const answer: ContactResponse = { ticket: ticket.number };
    return reply.code(201).send(answer);
  });
}
