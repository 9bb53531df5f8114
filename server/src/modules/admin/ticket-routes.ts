import { type AdminTicket, AdminTicketListQuery, type AdminTicketListResponse } from '@store/contract';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/errors.js';
import { staffActor } from '../audit/service.js';
import { type ContactService, toAdminTicket } from '../contact/service.js';
import { staffOf } from './session.js';

/** /api/v1/admin/tickets…: the contact form's messages, for staff and owners to read and mark handled. */
export async function adminTicketRoutes(app: FastifyInstance, { contact }: { contact: ContactService }): Promise<void> {
  app.get('/admin/tickets', async (request): Promise<AdminTicketListResponse> => {
    const { status, page, limit } = parse(AdminTicketListQuery, request.query);
    const { rows, counts } = await contact.list(request.store.id, { status, offset: (page - 1) * limit, limit });
    const total = status ? counts[status] : counts.open + counts.closed;
    return { data: rows.map(toAdminTicket), total, page, limit, counts };
  });

  app.get<{ Params: { number: string } }>(
    '/admin/tickets/:number',
    async (request): Promise<AdminTicket> => toAdminTicket(await contact.find(request.store.id, request.params.number)),
  );

  app.post<{ Params: { number: string } }>(
    '/admin/tickets/:number/close',
    async (request): Promise<AdminTicket> =>
      toAdminTicket(await contact.close(request.store.id, request.params.number, staffActor(staffOf(request)))),
  );
}
