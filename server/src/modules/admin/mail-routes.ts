import { AdminEmail, type AdminEmailFilter, AdminEmailsQuery, AdminEmailsResponse } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxRow, OutboxStatus } from '../../db/schema.js';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { Outbox } from '../messages/outbox.js';
import { isTextMessage } from '../messages/text-messages.js';
import { staffOf } from './session.js';

const STATUS_OF: Record<AdminEmailFilter, OutboxStatus | undefined> = {
  all: undefined,
  waiting: 'pending',
  failed: 'failed',
  sent: 'sent',
};

const toAdminEmail = (row: OutboxRow): AdminEmail => ({
  id: row.id,
  kind: row.kind,
  channel: isTextMessage(row.kind) ? 'sms' : 'email',
  recipient: row.recipient,
  subject: row.subject,
  status: row.status,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  nextAttemptAt: row.next_attempt_at,
});

/** The store's emails, for owners and staff: what went out, what waits, what failed, and sending again. */
export async function adminMailRoutes(
  app: FastifyInstance,
  { outbox, audit }: { outbox: Outbox; audit: AuditLog },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: AdminEmailsQuery, response: withErrors({ 200: AdminEmailsResponse }) };
  api.get('/admin/emails', { schema: list }, async (request): Promise<AdminEmailsResponse> => {
    const { status, page, limit } = valid(request, 'query');
    const [{ rows, total }, undelivered] = await Promise.all([
      outbox.page(request.store.id, { status: STATUS_OF[status], offset: (page - 1) * limit, limit }),
      outbox.undelivered(request.store.id),
    ]);
    return { data: rows.map(toAdminEmail), total, page, limit, ...undelivered };
  });

  const retry = {
    params: z.object({ id: z.string() }),
    response: withErrors({ 200: z.object({ email: AdminEmail }) }),
  };
  api.post('/admin/emails/:id/retry', { schema: retry }, async (request) => {
    const row = await audit.inTransaction(async (trx) => {
      const retried = await outbox.retry(request.store.id, request.params.id, Date.now(), trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(staffOf(request)),
        action: 'mail.retry',
        subject: `mail:${retried.id}`,
        after: { status: retried.status },
      });
      return retried;
    });
    return { email: toAdminEmail(row) };
  });

  const retryAll = { response: withErrors({ 200: z.object({ count: z.number().int() }) }) };
  api.post('/admin/emails/retry', { schema: retryAll }, async (request) => {
    const count = await audit.inTransaction(async (trx) => {
      const retried = await outbox.retryAll(request.store.id, Date.now(), trx);
      if (retried > 0)
        await audit.record(trx, {
          storeId: request.store.id,
          actor: staffActor(staffOf(request)),
          action: 'mail.retry',
          subject: 'mail:all',
          after: { count: retried },
        });
      return retried;
    });
    return { count };
  });
}
