import { type ChangePasswordRequest, SAME_NEW_PASSWORD, WRONG_CURRENT_PASSWORD } from '@netkart/contract';
import type { Database, StoreRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError } from '../../http/errors.js';
import type { AuditLog } from '../audit/service.js';
import { passwordChangedMessage } from '../messages/account-messages.js';
import type { MessageSettings } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import { endResetLinks } from './password-reset.js';
import { hashPassword, OWASP_SCRYPT_COST, type ScryptCost, verifyPassword } from './passwords.js';
import { hashToken } from './service.js';

/** Told when the password changed between this request's sign-in check and its write (another change won). */
const CHANGED_MEANWHILE = 'Your password was changed on another device meanwhile. Please sign in again.';

/**
 * A signed-in shopper changing their password: the current one proves it is them (a phone left
 * signed in is not enough), and every other device is signed out, so whoever knew the old
 * password is locked out; this device stays signed in.
 */
export class PasswordChanges {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly audit: AuditLog,
    private readonly settings: MessageSettings = {},
    /** The hashing cost of new passwords, as at registration. */
    private readonly passwordCost: ScryptCost = OWASP_SCRYPT_COST,
  ) {}

  /**
   * Sets the new password; in the same transaction ends the account's other sessions and its
   * unused reset links, writes the activity log and the email telling the shopper. Answers how
   * many other sessions ended. A wrong current password is a 400 on `currentPassword`.
   */
  async change(
    store: StoreRow,
    user: UserRow,
    currentToken: string,
    input: ChangePasswordRequest,
    now = Date.now(),
  ): Promise<number> {
    if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
      throw new HttpError(400, WRONG_CURRENT_PASSWORD, {}, 'currentPassword');
    }
    if (input.newPassword === input.currentPassword) throw new HttpError(400, SAME_NEW_PASSWORD, {}, 'newPassword');
    const passwordHash = await hashPassword(input.newPassword, this.passwordCost);
    const at = new Date(now).toISOString();
    return writeTransaction(this.db, async (trx) => {
      const changed = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', user.id)
        .where('store_id', '=', store.id)
        // The hash the current password was checked against: of two changes at once, one wins.
        .where('password_hash', '=', user.password_hash)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw conflict(CHANGED_MEANWHILE);
      const ended = await trx
        .deleteFrom('sessions')
        .where('user_id', '=', user.id)
        .where('token_hash', '!=', hashToken(currentToken))
        .executeTakeFirst();
      // A reset link asked for earlier would otherwise set a password over this one.
      await endResetLinks(trx, user.id, at);
      const otherSessionsEnded = Number(ended.numDeletedRows);
      await this.audit.record(trx, {
        storeId: store.id,
        actor: `shopper:${user.id}`,
        action: 'account.password-change',
        subject: `account:${user.id}`,
        after: { otherSessionsEnded },
      });
      if (user.email) {
        await this.outbox.enqueue(
          trx,
          passwordChangedMessage(store, { email: user.email }, now, this.settings, mailTexts(user.language)),
          now,
        );
      }
      return otherSessionsEnded;
    });
  }
}
