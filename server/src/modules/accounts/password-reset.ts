import { setTimeout as sleep } from 'node:timers/promises';
import type { PasswordResetConfirmRequest } from '@netkart/contract';
import type { Database, StoreRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { passwordResetMessage } from '../messages/account-messages.js';
import type { MessageSettings } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import { newLinkToken, OneTimeLinks } from './one-time-links.js';
import { hashPassword, OWASP_SCRYPT_COST, type ScryptCost } from './passwords.js';
import { hashToken } from './service.js';

const resetLinks = new OneTimeLinks('password_resets');

/** Ends every reset link of an account not yet used: a newer link, a reset or a password change supersedes them. */
export const endResetLinks = (trx: Database, userId: string, at: string): Promise<void> =>
  resetLinks.endForUser(trx, userId, at);

/** How long a reset link works after it was sent. */
export const RESET_LINK_MINUTES = 30;
/**
 * Every request is answered no sooner than this: the writes and commit of a known email (a few
 * milliseconds, more on a slow disk) then hide inside the same wait as an unknown one.
 */
export const RESET_ANSWER_MS = 100;

export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Please ask for a new one.';

/**
 * Password resets by emailed link: the link carries a random token, the database only its hash;
 * it works once, for RESET_LINK_MINUTES, and a newer link replaces any older one.
 */
export class PasswordResets {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly settings: MessageSettings = {},
    /** The hashing cost of new passwords, as at registration. */
    private readonly passwordCost: ScryptCost = OWASP_SCRYPT_COST,
  ) {}

  /**
   * Emails a reset link when `email` is an account of the store; otherwise does nothing, and the
   * caller cannot tell which, not even by the time the answer takes (RESET_ANSWER_MS).
   */
  async request(store: StoreRow, email: string, now = Date.now()): Promise<void> {
    await Promise.all([this.sendLink(store, email, now), sleep(RESET_ANSWER_MS)]);
  }

  private async sendLink(store: StoreRow, email: string, now: number): Promise<void> {
    // Drawn and hashed for an unknown email too: the two paths differ only in the rows written.
    const { token, tokenHash } = newLinkToken();
    await writeTransaction(this.db, async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where('store_id', '=', store.id)
        .where('email', '=', email)
        .executeTakeFirst();
      if (!user) return;
      const at = new Date(now).toISOString();
      // Only the newest link works: the earlier ones are superseded.
      await endResetLinks(trx, user.id, at);
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: tokenHash,
          store_id: store.id,
          user_id: user.id,
          created_at: at,
          expires_at: new Date(now + RESET_LINK_MINUTES * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      await this.outbox.enqueue(
        trx,
        passwordResetMessage(
          store,
          { recipient: email, token, minutes: RESET_LINK_MINUTES },
          this.settings,
          mailTexts(user.language),
        ),
        now,
      );
    });
  }

  /**
   * Sets the new password of the link's account, uses the link up and signs every device out.
   * An unknown, used or expired link is a 400; of two confirmations racing, one wins.
   */
  async confirm(storeId: string, input: PasswordResetConfirmRequest, now = Date.now()): Promise<void> {
    const tokenHash = hashToken(input.token);
    const at = new Date(now).toISOString();
    const invalid = () => new HttpError(400, RESET_LINK_INVALID, {}, 'token');
    const reset = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('store_id', '=', storeId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    // Checked before hashing: a made-up token never costs the shop a password hash.
    if (!reset) throw invalid();
    const passwordHash = await hashPassword(input.password, this.passwordCost);
    await writeTransaction(this.db, async (trx) => {
      if (!(await resetLinks.use(trx, tokenHash, at))) throw invalid();
      await trx
        .updateTable('users')
        // The link reached the account's inbox: the email is proved too.
        .set((eb) => ({
          password_hash: passwordHash,
          email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)),
        }))
        .where('id', '=', reset.user_id)
        .where('store_id', '=', storeId)
        .execute();
      // A link asked for at the same moment as this one dies with it.
      await endResetLinks(trx, reset.user_id, at);
      // Whoever knew the old password is signed out everywhere.
      await trx.deleteFrom('sessions').where('user_id', '=', reset.user_id).execute();
    });
  }

  /** Deletes links that expired, or were used, more than a day before `now`; returns how many went. */
  purgeOld(now = Date.now()): Promise<number> {
    return resetLinks.purgeOld(this.db, now);
  }
}
