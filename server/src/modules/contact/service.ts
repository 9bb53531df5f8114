import type { AdminTicket, ContactRequest, TicketStatus } from '@netkart/contract';
import { TICKET_NOT_FOUND } from '@netkart/contract';
import type { Database, TicketRow } from '../../db/schema.js';
import { nextInSequence } from '../../db/sequences.js';
import { writeTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import type { AuditLog } from '../audit/service.js';
import type { MessageSettings } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import type { Store } from '../stores/service.js';
import { ticketMessages } from './messages.js';

/** T-000042: the sequence's value, six digits at least. */
export const ticketNumber = (value: number): string => `T-${String(value).padStart(6, '0')}`;

/** What the merchant typed (T-000042, t-42, 42) as the stored number; the input itself when it is none of those. */
export function ticketNumberOf(input: string): string {
  const match = /^(?:t-?)?(\d{1,9})$/i.exec(input.trim());
  return match?.[1] ? ticketNumber(Number(match[1])) : input.trim();
}

export const toAdminTicket = (row: TicketRow): AdminTicket => ({
  number: row.number,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  status: row.status,
  createdAt: row.created_at,
});

/**
 * Messages from the contact form, kept as numbered tickets: each is stored and its two emails
 * written in one transaction, so a shopper who is told a number has one the merchant can find.
 */
export class ContactService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly audit: AuditLog,
    private readonly settings: MessageSettings = {},
  ) {}

  /** Stores the message as an open ticket and queues its emails; answers the ticket. */
  async receive(store: Store, input: ContactRequest): Promise<TicketRow> {
    return writeTransaction(this.db, async (trx) => {
      const ticket: TicketRow = {
        id: newId(),
        store_id: store.id,
        number: ticketNumber(await nextInSequence(trx, store.id, 'ticket')),
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        status: 'open',
        created_at: nowIso(),
      };
      await trx.insertInto('tickets').values(ticket).execute();
      for (const message of ticketMessages(store, ticket, this.settings)) await this.outbox.enqueue(trx, message);
      return ticket;
    });
  }

  /** A store's tickets, newest first, with how many are open and closed. */
  async list(
    storeId: string,
    query: { status?: TicketStatus | undefined; offset: number; limit: number },
  ): Promise<{ rows: TicketRow[]; counts: Record<TicketStatus, number> }> {
    const scoped = this.db.selectFrom('tickets').where('store_id', '=', storeId);
    const listed = query.status ? scoped.where('status', '=', query.status) : scoped;
    const [rows, counted] = await Promise.all([
      listed
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('number', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      scoped
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute(),
    ]);
    const counts: Record<TicketStatus, number> = { open: 0, closed: 0 };
    for (const { status, count } of counted) counts[status] = Number(count);
    return { rows, counts };
  }

  async find(storeId: string, number: string): Promise<TicketRow> {
    const row = await this.db
      .selectFrom('tickets')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('number', '=', ticketNumberOf(number))
      .executeTakeFirst();
    if (!row) throw notFound(TICKET_NOT_FOUND);
    return row;
  }

  /** Marks a ticket handled, in the activity log under `actor`; a closed ticket stays as it is. */
  async close(storeId: string, number: string, actor: string): Promise<TicketRow> {
    return writeTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('tickets')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('number', '=', ticketNumberOf(number))
        .executeTakeFirst();
      if (!row) throw notFound(TICKET_NOT_FOUND);
      if (row.status === 'closed') return row;
      const closed = await trx
        .updateTable('tickets')
        .set({ status: 'closed' })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 1) {
        await this.audit.record(trx, {
          storeId,
          actor,
          action: 'ticket.close',
          subject: `ticket:${row.number}`,
          before: { status: 'open' },
          after: { status: 'closed' },
        });
      }
      return { ...row, status: 'closed' };
    });
  }
}
