import type { AuditLogRow, Database, StaffRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { newId, nowIso } from '../../shared/ids.js';

/** Who made a change, as the log and an order's timeline name them. */
export const staffActor = (staff: Pick<StaffRow, 'email'>): string => `staff:${staff.email}`;
export const STORE_COMMAND_ACTOR = 'store command';

export interface AuditEntry {
  storeId: string | null;
  actor: string;
  /** 'order.ship', 'product.update', 'staff.add' … */
  action: string;
  /** 'order:ABC123', 'product:<sku>', 'staff:<email>' … */
  subject: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Every change made through the back office or the `store` command: who, what, when, and the
 * values before and after. Written in the transaction of the change it describes, so the log
 * never claims a change that rolled back, nor misses one that happened.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(trx: Database, entry: AuditEntry): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        id: newId(),
        store_id: entry.storeId,
        actor: entry.actor,
        action: entry.action,
        subject: entry.subject,
        before_json: entry.before ? JSON.stringify(entry.before) : null,
        after_json: entry.after ? JSON.stringify(entry.after) : null,
        created_at: nowIso(),
      })
      .execute();
  }

  /**
   * A change and its entry in one write transaction: `work` makes the change through its owners'
   * services, handing them `trx`, and records the entry with it.
   */
  inTransaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return writeTransaction(this.db, work);
  }

  /** For a change that made its own transactions (a catalogue import): written once it is done. */
  recordNow(entry: AuditEntry): Promise<void> {
    return this.record(this.db, entry);
  }

  /**
   * A sign-in or a failed one (`account.sign-in`, `staff.sign-in-failed` …): one insert, and a log
   * that cannot be written never turns the sign-in's answer into an error. The actor is the email
   * as typed, known or not; the subject the network address it came from.
   */
  async signIn(entry: { storeId: string; email: string; action: string; address: string }): Promise<void> {
    await this.recordNow({
      storeId: entry.storeId,
      actor: entry.email.slice(0, 254),
      action: entry.action,
      subject: `address:${entry.address}`,
    }).catch(() => {});
  }

  /** The newest entry of one action about one subject (who recorded a COD order's cash), if any. */
  async latest(storeId: string, subject: string, action: string): Promise<AuditLogRow | undefined> {
    return this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('subject', '=', subject)
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A store's entries (and those about every store), newest first. */
  async list(
    storeId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AuditLogRow[]; total: number }> {
    const scoped = this.db
      .selectFrom('audit_log')
      .where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]));
    const [rows, count] = await Promise.all([
      scoped
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      scoped.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }
}
