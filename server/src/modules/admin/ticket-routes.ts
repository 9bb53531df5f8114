import { AdminTicket, AdminTicketListQuery, AdminTicketListResponse } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { valid, withErrors } from '../../http/wire.js';
import { staffActor } from '../audit/service.js';
import { type ContactService, toAdminTicket } from '../contact/service.js';
import { staffOf } from './session.js';

/** /api/v1/admin/tickets…: the contact form's messages, for staff and owners to read and mark handled. */
export async function adminTicketRoutes(app: FastifyInstance, { contact }: { contact: ContactService }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: AdminTicketListQuery, response: withErrors({ 200: AdminTicketListResponse }) };
  api.get('/admin/tickets', { schema: list }, async (request): Promise<AdminTicketListResponse> => {
    const { status, page, limit } = valid(request, 'query');
    const { rows, counts } = await contact.list(request.store.id, { status, offset: (page - 1) * limit, limit });
    const total = status ? counts[status] : counts.open + counts.closed;
    return { data: rows.map(toAdminTicket), total, page, limit, counts };
  });

  // The ticket's number as given (T-000123); one that is not a ticket's answers 404.
  const one = { params: z.object({ number: z.string() }), response: withErrors({ 200: AdminTicket }) };
  api.get(
    '/admin/tickets/:number',
    { schema: one },
    async (request): Promise<AdminTicket> => toAdminTicket(await contact.find(request.store.id, request.params.number)),
  );

  api.post(
    '/admin/tickets/:number/close',
    { schema: one },
    async (request): Promise<AdminTicket> =>
      toAdminTicket(await contact.close(request.store.id, request.params.number, staffActor(staffOf(request)))),
  );
}
