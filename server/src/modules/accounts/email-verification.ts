import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_HAS_EMAIL, EMAIL_LINK_INVALID, EMAIL_NO_LONGER_FREE } from '@netkart/contract';
import type { Database, StoreRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { verifyEmailMessage } from '../messages/account-messages.js';
import type { MessageSettings } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import { newLinkToken, OneTimeLinks } from './one-time-links.js';
import { RESET_ANSWER_MS } from './password-reset.js';
import { hashToken } from './service.js';

/** How long a link that proves an email works after it was sent. */
export const EMAIL_LINK_MINUTES = 60;
const verificationLinks = new OneTimeLinks('email_verifications');

/**
 * An account without an email (made by mobile number) adds one by a link sent to it. The request's
 * answer is the same, after the same wait, whether or not the email signs in to another account
 * (then nothing is sent); the link, once followed, gives the account the email, proved. A link for
 * an email another account took meanwhile changes nothing. Its token is stored only as a hash.
 */
export class EmailVerifications {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly settings: MessageSettings = {},
  ) {}

  /** Sends the link to `email` when it can be added to `user`; the caller cannot tell whether it was. */
  async request(store: StoreRow, user: UserRow, email: string, now = Date.now()): Promise<void> {
    if (user.email !== null) throw new HttpError(409, ACCOUNT_HAS_EMAIL, {}, 'email');
    await Promise.all([this.sendLink(store, user, email, now), sleep(RESET_ANSWER_MS)]);
  }

  private async sendLink(store: StoreRow, user: UserRow, email: string, now: number): Promise<void> {
    const { token, tokenHash } = newLinkToken();
    const at = new Date(now).toISOString();
    await writeTransaction(this.db, async (trx) => {
      // Only the newest link of an account works.
      await verificationLinks.endForUser(trx, user.id, at);
      const holder = await trx
        .selectFrom('users')
        .select('id')
        .where('store_id', '=', store.id)
        .where('email', '=', email)
        .executeTakeFirst();
      if (holder) return;
      await trx
        .insertInto('email_verifications')
        .values({
          token_hash: tokenHash,
          store_id: store.id,
          user_id: user.id,
          email,
          created_at: at,
          expires_at: new Date(now + EMAIL_LINK_MINUTES * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      await this.outbox.enqueue(
        trx,
        verifyEmailMessage(
          store,
          { recipient: email, token, minutes: EMAIL_LINK_MINUTES },
          this.settings,
          mailTexts(user.language),
        ),
        now,
      );
    });
  }

  /**
   * The link followed: its account gets the email, verified now, and the email it proves is returned.
   * An unknown, used or expired link is a 400; an email another account took meanwhile (or an
   * account that has an email by now) a 409, and nothing changes. Of two confirmations racing, one wins.
   */
  async confirm(storeId: string, token: string, now = Date.now()): Promise<string> {
    const tokenHash = hashToken(token);
    const at = new Date(now).toISOString();
    const invalid = () => new HttpError(400, EMAIL_LINK_INVALID, {}, 'token');
    const taken = () => new HttpError(409, EMAIL_NO_LONGER_FREE, {}, 'token');
    const link = await this.db
      .selectFrom('email_verifications')
      .select(['user_id', 'email'])
      .where('token_hash', '=', tokenHash)
      .where('store_id', '=', storeId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (!link) throw invalid();
    try {
      await writeTransaction(this.db, async (trx) => {
        if (!(await verificationLinks.use(trx, tokenHash, at))) throw invalid();
        const holder = await trx
          .selectFrom('users')
          .select('id')
          .where('store_id', '=', storeId)
          .where('email', '=', link.email)
          .executeTakeFirst();
        if (holder) throw taken();
        // Only an account still without an email takes it: a link never replaces an email.
        const set = await trx
          .updateTable('users')
          .set({ email: link.email, email_verified_at: at })
          .where('id', '=', link.user_id)
          .where('store_id', '=', storeId)
          .where('email', 'is', null)
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) !== 1) throw taken();
      });
    } catch (error) {
      if (error instanceof HttpError) {
        // The link is spent even when the email could not be added: marked outside the rolled-back transaction.
        if (error.statusCode === 409) await verificationLinks.spend(this.db, tokenHash, at);
        throw error;
      }
      // The unique index refused: another account took the email at this very moment.
      await verificationLinks.spend(this.db, tokenHash, at);
      throw taken();
    }
    return link.email;
  }

  /** Deletes links that expired, or were used, more than a day before `now`; returns how many went. */
  purgeOld(now = Date.now()): Promise<number> {
    return verificationLinks.purgeOld(this.db, now);
  }
}
