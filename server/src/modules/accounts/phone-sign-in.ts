import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { NO_PHONE_FOR_CODE, PHONE_TAKEN, SIGN_IN_CODE_MINUTES, SIGN_IN_CODE_WRONG } from '@netkart/contract';
import type { Database, SignInCodesTable, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../shared/ids.js';
import type { AccountService } from './service.js';

/**
 * Sends a code to a phone in the caller's transaction (the messages' outbox, passed in by the
 * wiring): `text` is the SMS, `code` the code alone, for a channel that words it its own way.
 */
export type SendSignInText = (
  trx: Database,
  message: { storeId: string; kind: 'sign-in-code'; phone: string; text: string; code: string },
) => Promise<void>;

export interface SignInCodePolicy {
  /** Minutes a code is good for (10). */
  codeMinutes: number;
  /** Wrong codes a code takes before it stops working (5). */
  tries: number;
}

export const DEFAULT_SIGN_IN_CODE_POLICY: SignInCodePolicy = { codeMinutes: SIGN_IN_CODE_MINUTES, tries: 5 };

type Purpose = SignInCodesTable['purpose'];

/** Its own salt (the row's id) makes each stored hash useless for any other code row. */
const hashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The sign-in code's SMS, exactly its registered template ('sign-in-code' in the messages' SMS templates). */
export const signInCodeText = (storeName: string, code: string, minutes: number) =>
  `${code} is your ${storeName} sign-in code. It expires in ${minutes} minutes. Do not share it with anyone.`;

/** Every wrong, expired, used or unknown code: one answer, whatever the number. */
const wrongCode = () => new HttpError(400, SIGN_IN_CODE_WRONG, {}, 'code');

/**
 * Signing in with a 6-digit code sent to a mobile number, and adding a verified number to an
 * account. Codes are stored hashed, work once, for `codeMinutes`, and for `tries` guesses; a new
 * code for a number ends the ones before it. Who may ask how often is the routes' rate limits.
 */
export class PhoneSignIn {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly sendText: SendSignInText,
    private readonly policy: SignInCodePolicy = DEFAULT_SIGN_IN_CODE_POLICY,
  ) {}

  get codeMinutes(): number {
    return this.policy.codeMinutes;
  }

  /** Sends a sign-in code to `phone`, whether or not it has an account (the answer must not tell). */
  async sendSignInCode(store: { id: string; store_name: string }, phone: string, now = Date.now()): Promise<void> {
    await this.issue(store, phone, 'sign-in', null, now);
  }

  /** Sends a code to `phone` that adds it to `user`'s account once typed back. */
  async sendAddPhoneCode(
    store: { id: string; store_name: string },
    user: UserRow,
    phone: string,
    now = Date.now(),
  ): Promise<void> {
    await this.issue(store, phone, 'add-phone', user.id, now);
  }

  /**
   * The code typed back: right, the number's account (made now on its first sign-in) gets a new
   * session, whose token is returned. Two verifications of one code at once: one signs in.
   */
  async signIn(
    storeId: string,
    input: { phone: string; code: string; rememberMe?: boolean | undefined },
    device = '',
    now = Date.now(),
  ): Promise<string> {
    await this.use(storeId, input.phone, input.code, 'sign-in', null, now);
    const user = await this.accounts.findOrCreateByPhone(storeId, input.phone, now);
    return this.accounts.openSession(storeId, user.id, input.rememberMe, device);
  }

  /** The code sent to a number the signed-in shopper is adding: right, the number signs in to their account too. */
  async addPhone(
    storeId: string,
    user: UserRow,
    input: { phone: string; code: string },
    now = Date.now(),
  ): Promise<void> {
    await this.use(storeId, input.phone, input.code, 'add-phone', user.id, now);
    if (!(await this.accounts.setPhone(storeId, user.id, input.phone, now)))
      throw new HttpError(409, PHONE_TAKEN, {}, 'phone');
  }

  /**
   * Sends a code to the signed-in account's own phone: typed back, it proves the account's deletion
   * (a phone account has no password). Its text is the sign-in code's (one registered template).
   */
  async sendDeleteCode(store: { id: string; store_name: string }, user: UserRow, now = Date.now()): Promise<void> {
    if (!user.phone) throw new HttpError(400, NO_PHONE_FOR_CODE, {}, 'code');
    await this.issue(store, user.phone, 'delete-account', user.id, now);
  }

  /** Spends the deletion code of the account's phone, or throws the one refusal (a 400 naming `code`). */
  async checkDeleteCode(storeId: string, user: UserRow, code: string, now = Date.now()): Promise<void> {
    if (!user.phone) throw new HttpError(400, NO_PHONE_FOR_CODE, {}, 'code');
    await this.use(storeId, user.phone, code, 'delete-account', user.id, now);
  }

  /** Deletes codes that expired more than a day ago; returns how many went. */
  async purgeExpired(now = Date.now()): Promise<number> {
    const deleted = await this.db
      .deleteFrom('sign_in_codes')
      .where('expires_at', '<', new Date(now - 86_400_000).toISOString())
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  private async issue(
    store: { id: string; store_name: string },
    phone: string,
    purpose: Purpose,
    userId: string | null,
    now: number,
  ): Promise<void> {
    const id = newId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await writeTransaction(this.db, async (trx) => {
      // Only the newest code of a number works: the ones before it end here.
      await this.pending(trx, store.id, phone, purpose, userId).set({ tries_left: 0 }).execute();
      await trx
        .insertInto('sign_in_codes')
        .values({
          id,
          store_id: store.id,
          phone,
          purpose,
          user_id: userId,
          code_hash: hashOf(id, code),
          tries_left: this.policy.tries,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + this.policy.codeMinutes * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      await this.sendText(trx, {
        storeId: store.id,
        kind: 'sign-in-code',
        phone,
        text: signInCodeText(store.store_name, code, this.policy.codeMinutes),
        code,
      });
    });
  }

  /** Spends the newest code of the number if `code` is it; otherwise one try fewer, and the one refusal. */
  private async use(
    storeId: string,
    phone: string,
    code: string,
    purpose: Purpose,
    userId: string | null,
    now: number,
  ): Promise<void> {
    let query = this.db
      .selectFrom('sign_in_codes')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('phone', '=', phone)
      .where('purpose', '=', purpose);
    if (userId) query = query.where('user_id', '=', userId);
    const row = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!row || row.used_at !== null || row.tries_left <= 0 || Date.parse(row.expires_at) <= now) throw wrongCode();
    if (!sameHash(row.code_hash, hashOf(row.id, code))) {
      // Counted down with a guard: wrong codes sent at once all count, and never below zero.
      await this.db
        .updateTable('sign_in_codes')
        .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
        .where('id', '=', row.id)
        .where('tries_left', '>', 0)
        .execute();
      throw wrongCode();
    }
    // One statement decides a race: the first to mark the code used wins; the other is refused.
    const claimed = await this.db
      .updateTable('sign_in_codes')
      .set({ used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('tries_left', '>', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw wrongCode();
  }

  private pending(trx: Database, storeId: string, phone: string, purpose: Purpose, userId: string | null) {
    let query = trx
      .updateTable('sign_in_codes')
      .where('store_id', '=', storeId)
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null);
    if (userId) query = query.where('user_id', '=', userId);
    return query;
  }
}
