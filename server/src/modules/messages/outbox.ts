import { SqliteAdapter } from 'kysely';
import type { Database, OutboxRow, OutboxStatus } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { newId } from '../../shared/ids.js';

/** One message to send: who to, what about, in plain text and in HTML. */
export interface OutgoingMessage {
  storeId: string;
  /** 'order.placed', 'order.shipped', 'merchant.order.placed' … */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe; each value is kept to one line. */
  headers?: Record<string, string>;
  /** What a message other than an email needs to be sent (a WhatsApp template call), kept as JSON. */
  payload?: object;
}

/** A failed delivery is tried again after 1 minute, then 2, 4 … at most an hour apart. */
export const FIRST_RETRY_MS = 60_000;
export const LONGEST_RETRY_MS = 3_600_000;
/** A message still undelivered this long after it was written is given up as failed. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** A claim runs out after this long, so a sender that died mid-delivery does not hold its messages for ever. */
export const CLAIM_MS = 5 * 60_000;
/** Sent messages are kept this long, for `store mail list`, then deleted. */
export const KEEP_SENT_MS = 90 * 24 * 3_600_000;

export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

/** A header's text on one line: a CR or LF in a name or subject must never start a header of its own. */
export const oneLine = (text: string): string =>
  text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

const headersOnOneLine = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [oneLine(name), oneLine(value)]));

/** The extra headers a row carries (none when it has none). */
export const headersOf = (row: Pick<OutboxRow, 'headers_json'>): Record<string, string> =>
  row.headers_json ? headersOnOneLine(JSON.parse(row.headers_json) as Record<string, string>) : {};

const MESSAGE_NOT_FOUND = 'No message has that id.';

/**
 * The transactional outbox: a message is written as a row in the transaction of the change that
 * causes it, so it is never lost and never sent for a change that rolled back. Senders claim due
 * rows, deliver them, and mark them sent or due again later.
 */
export class Outbox {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Database) {}

  /** Calls `listener` whenever a message is written here (the sender of this process wakes up); returns the unsubscribe. */
  onEnqueue(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the message in the caller's transaction; it is due at once. */
  async enqueue(trx: Database, message: OutgoingMessage, now = Date.now()): Promise<string> {
    const id = newId();
    const at = new Date(now).toISOString();
    await trx
      .insertInto('outbox')
      .values({
        id,
        store_id: message.storeId,
        kind: message.kind,
        recipient: oneLine(message.recipient),
        subject: oneLine(message.subject),
        text: message.text,
        html: message.html,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        claimed_by: null,
        claimed_until: null,
        last_error: null,
        created_at: at,
        sent_at: null,
        headers_json: message.headers ? JSON.stringify(headersOnOneLine(message.headers)) : null,
        payload_json: message.payload ? JSON.stringify(message.payload) : null,
      })
      .execute();
    for (const listener of this.listeners) listener();
    return id;
  }

  /**
   * Claims up to `limit` due messages for `sender`, each for CLAIM_MS: no other sender takes them
   * meanwhile. PostgreSQL skips rows another sender is claiming; SQLite's guarded update lets one win.
   */
  async claimDue(sender: string, now: number, limit = 20): Promise<OutboxRow[]> {
    const at = new Date(now).toISOString();
    const until = new Date(now + CLAIM_MS).toISOString();
    const due = (db: Database) =>
      db
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .orderBy('next_attempt_at')
        .limit(limit);
    if (this.db.getExecutor().adapter instanceof SqliteAdapter) {
      const claimed: OutboxRow[] = [];
      for (const row of await due(this.db).execute()) {
        const taken = await this.db
          .updateTable('outbox')
          .set({ claimed_by: sender, claimed_until: until })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) claimed.push({ ...row, claimed_by: sender, claimed_until: until });
      }
      return claimed;
    }
    return this.db.transaction().execute(async (trx) => {
      const rows = await due(trx).forUpdate().skipLocked().execute();
      if (rows.length === 0) return [];
      await trx
        .updateTable('outbox')
        .set({ claimed_by: sender, claimed_until: until })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      return rows.map((row) => ({ ...row, claimed_by: sender, claimed_until: until }));
    });
  }

  /** Delivered: never sent again. Only the sender holding the claim may say so. */
  async markSent(row: OutboxRow, sender: string, now: number): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sent',
        attempts: eb('attempts', '+', 1),
        sent_at: new Date(now).toISOString(),
        claimed_by: null,
        claimed_until: null,
        last_error: null,
      }))
      .where('id', '=', row.id)
      .where('claimed_by', '=', sender)
      .execute();
  }

  /** Claimed but not tried (the sender is stopping): free for any sender at once. */
  async release(rows: OutboxRow[], sender: string): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ claimed_by: null, claimed_until: null })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('claimed_by', '=', sender)
      .execute();
  }

  /** Not delivered: due again after the back-off, or failed for good a day after it was written (or at once when told). */
  async markAttemptFailed(
    row: OutboxRow,
    sender: string,
    now: number,
    error: string,
    options: { giveUp?: boolean } = {},
  ): Promise<'pending' | 'failed'> {
    const attempts = row.attempts + 1;
    // Given up at once when trying again cannot help (a text that is not its registered template).
    const giveUp = options.giveUp === true || now - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS;
    await this.db
      .updateTable('outbox')
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts,
        next_attempt_at: new Date(now + retryDelayMs(attempts)).toISOString(),
        claimed_by: null,
        claimed_until: null,
        last_error: error.slice(0, 1000),
      })
      .where('id', '=', row.id)
      .where('claimed_by', '=', sender)
      .execute();
    return giveUp ? 'failed' : 'pending';
  }

  /**
   * Deletes sent messages written before `before` (ISO): they hold shoppers' names and addresses,
   * which the shop keeps no longer than it needs (the order itself keeps them).
   */
  async purgeSent(before: string): Promise<number> {
    const deleted = await this.db
      .deleteFrom('outbox')
      .where('status', '=', 'sent')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  /** A store's messages, newest first; only the failed ones when asked. */
  async list(storeId: string, filter: { failed?: boolean; limit?: number } = {}): Promise<OutboxRow[]> {
    let query = this.db.selectFrom('outbox').selectAll().where('store_id', '=', storeId);
    if (filter.failed) query = query.where('status', '=', 'failed');
    return query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit ?? 100)
      .execute();
  }

  /** A page of the store's messages, newest first: all, or those waiting ('pending'), failed or sent. */
  async page(
    storeId: string,
    filter: { status?: OutboxStatus; offset: number; limit: number },
  ): Promise<{ rows: OutboxRow[]; total: number }> {
    let scoped = this.db.selectFrom('outbox').where('store_id', '=', storeId);
    if (filter.status) scoped = scoped.where('status', '=', filter.status);
    const [rows, count] = await Promise.all([
      scoped
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      scoped.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /** How many of the store's messages wait for delivery, and how many were given up. */
  async undelivered(storeId: string): Promise<{ waiting: number; failed: number }> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('store_id', '=', storeId)
      .where('status', '!=', 'sent')
      .groupBy('status')
      .execute();
    const count = (status: OutboxStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { waiting: count('pending'), failed: count('failed') };
  }

  /** Every failed or waiting message of the store becomes due now (the mail server is back); returns how many. */
  async retryAll(storeId: string, now = Date.now(), db: Database = this.db): Promise<number> {
    const updated = await db
      .updateTable('outbox')
      .set({ status: 'pending', next_attempt_at: new Date(now).toISOString(), claimed_until: null })
      .where('store_id', '=', storeId)
      .where('status', '!=', 'sent')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  /** A failed or pending message becomes due now (a message more than a day old gets one more attempt). */
  async retry(storeId: string, id: string, now = Date.now(), db: Database = this.db): Promise<OutboxRow> {
    const row = await db
      .selectFrom('outbox')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    if (row.status === 'sent') throw new HttpError(409, 'That message was sent already.');
    const at = new Date(now).toISOString();
    const changes = { status: 'pending' as const, next_attempt_at: at, claimed_until: null };
    await db.updateTable('outbox').set(changes).where('id', '=', row.id).where('status', '!=', 'sent').execute();
    return { ...row, ...changes };
  }

  /** Deletes every message to an address, unsent and sent, inside the caller's transaction (an erased account). */
  async deleteTo(trx: Database, storeId: string, recipient: string): Promise<void> {
    await trx.deleteFrom('outbox').where('store_id', '=', storeId).where('recipient', '=', recipient).execute();
  }
}
