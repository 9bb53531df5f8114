import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/schema.js';
import { hashToken } from './service.js';

/** The tables of emailed links that work once: each keeps only its token's hash. */
type LinkTable = 'password_resets' | 'email_verifications';

/** Used and expired links are kept a day (to answer "which link did I get?"), then deleted. */
export const KEEP_LINKS_MS = 24 * 3_600_000;

/** A new link's token, for the email, and the hash the database keeps. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * What the password-reset and email-proving links share: a link is used once, before it expires,
 * a newer link ends the older ones of the account, and old links are deleted after a day.
 */
export class OneTimeLinks {
  // Both tables have the same link columns; Kysely is told one name so its types stay exact.
  private readonly table: 'password_resets';

  constructor(table: LinkTable) {
    this.table = table as 'password_resets';
  }

  /**
   * Uses the link up in `trx`: true when this call did, false when it was used, expired or unknown
   * (of two confirmations racing, one wins).
   */
  async use(trx: Database, tokenHash: string, at: string): Promise<boolean> {
    const used = await trx
      .updateTable(this.table)
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  /** Marks the link used whether or not it has expired: it can never be followed again. */
  async spend(db: Database, tokenHash: string, at: string): Promise<void> {
    await db
      .updateTable(this.table)
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Ends every link of the account not yet used: a newer link or a change supersedes them. */
  async endForUser(trx: Database, userId: string, at: string): Promise<void> {
    await trx
      .updateTable(this.table)
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Deletes links that expired, or were used, more than a day before `now`; returns how many went. */
  async purgeOld(db: Database, now: number): Promise<number> {
    const cutoff = new Date(now - KEEP_LINKS_MS).toISOString();
    const result = await db
      .deleteFrom(this.table)
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('used_at', '<', cutoff)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
