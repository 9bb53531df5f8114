import { createHash, randomBytes } from 'node:crypto';
import type { AccountInfo, AuthorizeRequest, RegisterRequest } from '@store/contract';
import type { Database, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, unauthorized } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { dummyPasswordHash, hashPassword, OWASP_SCRYPT_COST, type ScryptCost, verifyPassword } from './passwords.js';

export const SESSION_DAYS = 30;
/** "Remember me" off: a session that ends the same day, for a shared or borrowed device. */
export const SHORT_SESSION_HOURS = 12;
const INVALID_CREDENTIALS = 'Invalid email or password.';

/** Tokens of sessions and reset links are stored only as this hash: a copied database signs nobody in. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class AccountService {
  constructor(
    private readonly db: Database,
    /** The hashing cost of new passwords; stored hashes carry their own. */
    private readonly passwordCost: ScryptCost = OWASP_SCRYPT_COST,
    /** Called in the transaction that creates an account (its welcome email is written there). */
    private readonly onRegistered?: (trx: Database, user: UserRow) => Promise<void>,
  ) {}

  async register(storeId: string, input: RegisterRequest): Promise<UserRow> {
    const existing = await this.findByEmail(storeId, input.email);
    if (existing) throw conflict('An account with this email already exists.');
    const user: UserRow = {
      id: newId(),
      store_id: storeId,
      email: input.email,
      password_hash: await hashPassword(input.password, this.passwordCost),
      first_name: input.firstName,
      last_name: input.lastName,
      created_at: nowIso(),
    };
    try {
      await writeTransaction(this.db, async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await this.onRegistered?.(trx, user);
      });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (await this.findByEmail(storeId, input.email)) throw conflict('An account with this email already exists.');
      throw error;
    }
    return user;
  }

  /** Checks the password and opens a session; the token is returned once and stored only as a hash. */
  async authorize(storeId: string, input: AuthorizeRequest): Promise<string> {
    const user = await this.findByEmail(storeId, input.email);
    const valid = await verifyPassword(
      input.password,
      user?.password_hash ?? (await dummyPasswordHash(this.passwordCost)),
    );
    if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        store_id: storeId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + sessionLengthMs(input.rememberMe)).toISOString(),
      })
      .execute();
    return token;
  }

  /** The signed-in user of a bearer token, or undefined when it is unknown, expired or another store's. */
  async userForToken(storeId: string, token: string): Promise<UserRow | undefined> {
    if (token.length > 200) return undefined;
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.token_hash', '=', hashToken(token))
      .where('sessions.store_id', '=', storeId)
      .where('sessions.expires_at', '>', nowIso())
      .executeTakeFirst();
  }

  /** Deletes sessions that have expired; returns how many went. */
  async purgeExpiredSessions(now = new Date()): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  /**
   * Erases an account inside the caller's transaction: its sessions and reset links end, and the
   * name, email and password leave it; the email may register again.
   */
  async erase(trx: Database, userId: string): Promise<void> {
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        // A unique address no one can sign in with; the real one is free to register again.
        email: `erased-${userId}@erased.invalid`,
        password_hash: '',
        first_name: '',
        last_name: '',
      })
      .where('id', '=', userId)
      .execute();
  }

  private findByEmail(storeId: string, email: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('email', '=', email)
      .executeTakeFirst();
  }
}

/** Remembered (or unsaid, as the storefront has always sent it): 30 days; otherwise 12 hours. */
export function sessionLengthMs(rememberMe: boolean | undefined): number {
  return rememberMe === false ? SHORT_SESSION_HOURS * 3_600_000 : SESSION_DAYS * 86_400_000;
}

export function toAccountInfo(user: UserRow): AccountInfo {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    createdAt: user.created_at,
  };
}

export { unauthorized };
