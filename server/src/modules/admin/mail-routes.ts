import { type AdminEmail, type AdminEmailFilter, AdminEmailsQuery, type AdminEmailsResponse } from '@store/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, OutboxRow, OutboxStatus } from '../../db/schema.js';
import { parse } from '../../http/errors.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { Outbox } from '../messages/outbox.js';
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
  { db, outbox, audit }: { db: Database; outbox: Outbox; audit: AuditLog },
): Promise<void> {
  app.get('/admin/emails', async (request): Promise<AdminEmailsResponse> => {
    const { status, page, limit } = parse(AdminEmailsQuery, request.query);
    const [{ rows, total }, undelivered] = await Promise.all([
      outbox.page(request.store.id, { status: STATUS_OF[status], offset: (page - 1) * limit, limit }),
      outbox.undelivered(request.store.id),
    ]);
    return { data: rows.map(toAdminEmail), total, page, limit, ...undelivered };
  });

  app.post<{ Params: { id: string } }>('/admin/emails/:id/retry', async (request) => {
    const row = await db.transaction().execute(async (trx) => {
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

  app.post('/admin/emails/retry', async (request) => {
    const count = await db.transaction().execute(async (trx) => {
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
