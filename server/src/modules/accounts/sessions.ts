import { createHash } from 'node:crypto';
import { type AccountSession, SESSION_NOT_FOUND } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { hashToken } from './service.js';

/**
 * A session's id in the shopper's list: a hash of the stored token hash. It names a session to
 * end, but the list never hands out what the database holds (nor, of course, the token).
 */
export const sessionIdOf = (tokenHash: string): string =>
  createHash('sha256').update('session-id\0').update(tokenHash).digest('hex').slice(0, 32);

/** A shopper's own signed-in devices: listed, and ended one at a time or all but this one. */
export class ShopperSessions {
  constructor(private readonly db: Database) {}

  /** The live sessions of `userId`, the most recently used first; `currentToken` is marked. */
  async list(storeId: string, userId: string, currentToken: string, now = Date.now()): Promise<AccountSession[]> {
    const current = hashToken(currentToken);
    const rows = await this.live(storeId, userId, now)
      .select(['token_hash', 'device', 'created_at', 'last_used_at'])
      .execute();
    return rows
      .map((row) => ({
        id: sessionIdOf(row.token_hash),
        device: row.device,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at ?? row.created_at,
        current: row.token_hash === current,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
  }

  /** Ends one session of the shopper's (this one too, if named); another's or an ended one is a 404. */
  async end(storeId: string, userId: string, id: string, now = Date.now()): Promise<void> {
    // A shopper has a handful of sessions: they are read and matched here rather than indexed by id.
    const rows = await this.live(storeId, userId, now).select('token_hash').execute();
    const match = rows.find((row) => sessionIdOf(row.token_hash) === id);
    if (!match) throw notFound(SESSION_NOT_FOUND);
    await this.db.deleteFrom('sessions').where('token_hash', '=', match.token_hash).execute();
  }

  /** Ends every session of the shopper but `currentToken`'s; answers how many ended. */
  async endOthers(storeId: string, userId: string, currentToken: string, now = Date.now()): Promise<number> {
    const ended = await this.db
      .deleteFrom('sessions')
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('token_hash', '!=', hashToken(currentToken))
      .where('expires_at', '>', new Date(now).toISOString())
      .executeTakeFirst();
    return Number(ended.numDeletedRows);
  }

  private live(storeId: string, userId: string, now: number) {
    return this.db
      .selectFrom('sessions')
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', new Date(now).toISOString());
  }
}
