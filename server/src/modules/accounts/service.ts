import { createHash, randomBytes } from 'node:crypto';
import type { AccountInfo, AuthorizeRequest, RegisterRequest } from '@netkart/contract';
import type { Database, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError, unauthorized } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { dummyPasswordHash, hashPassword, OWASP_SCRYPT_COST, type ScryptCost, verifyPassword } from './passwords.js';

export const SESSION_DAYS = 30;
/** "Remember me" off: a session that ends the same day, for a shared or borrowed device. */
export const SHORT_SESSION_HOURS = 12;
const INVALID_CREDENTIALS = 'Invalid email or password.';
/** A session's last use is written at most this often: reads stay reads. */
export const TOUCH_EVERY_MS = 60_000;

interface SessionTimes {
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
}

/** Tokens of sessions and reset links are stored only as this hash: a copied database signs nobody in. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class AccountService {
  constructor(
    private readonly db: Database,
    /** The hashing cost of new passwords; stored hashes carry their own. */
    private readonly passwordCost: ScryptCost = OWASP_SCRYPT_COST,
    /** Called in the transaction that creates an account (its welcome email is written there). */
    private readonly onRegistered?: (trx: Database, user: UserRow) => Promise<void>,
    /** Called when someone registers an email that has an account: its owner is told, not the caller. */
    private readonly onRegisteredAgain?: (trx: Database, user: UserRow) => Promise<void>,
  ) {}

  /**
   * Creates the account, or, when the email already has one, tells its owner by email and creates
   * nothing: the caller gets the same answer after the same work (a password hash) either way,
   * so the form does not tell who shops here. Returns the new account only.
   */
  async register(storeId: string, input: RegisterRequest): Promise<UserRow | undefined> {
    const passwordHash = await hashPassword(input.password, this.passwordCost);
    const existing = await this.findByEmail(storeId, input.email);
    if (existing) return this.registeredAgain(existing);
    const user: UserRow = {
      id: newId(),
      store_id: storeId,
      email: input.email,
      password_hash: passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      created_at: nowIso(),
      phone: null,
      phone_verified_at: null,
      // An email typed at registration is not proved by a link (docs/decisions.md).
      email_verified_at: null,
      // The language of the page it is made from: its welcome is written in it, and every later email.
      language: input.language ?? 'en',
    };
    try {
      await writeTransaction(this.db, async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await this.onRegistered?.(trx, user);
      });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      const winner = await this.findByEmail(storeId, input.email);
      if (winner) return this.registeredAgain(winner);
      throw error;
    }
    return user;
  }

  private async registeredAgain(user: UserRow): Promise<undefined> {
    await writeTransaction(this.db, async (trx) => this.onRegisteredAgain?.(trx, user));
    return undefined;
  }

  /** Checks the password and opens a session; the token is returned once and stored only as a hash. */
  async authorize(storeId: string, input: AuthorizeRequest, device = ''): Promise<string> {
    const user = await this.findByEmail(storeId, input.email);
    const valid = await verifyPassword(
      input.password,
      user?.password_hash ?? (await dummyPasswordHash(this.passwordCost)),
    );
    if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
    return this.openSession(storeId, user.id, input.rememberMe, device);
  }

  /** A new session of the account (by password or by a code sent to its phone); its token is returned once. */
  async openSession(storeId: string, userId: string, rememberMe: boolean | undefined, device = ''): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        store_id: storeId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + sessionLengthMs(rememberMe)).toISOString(),
        last_used_at: now.toISOString(),
        device,
      })
      .execute();
    return token;
  }

  /** The account a verified phone signs in to, made on its first sign-in (no names, email or password yet). */
  async findOrCreateByPhone(storeId: string, phone: string, now = Date.now()): Promise<UserRow> {
    const existing = await this.findByPhone(storeId, phone);
    if (existing) return existing;
    const at = new Date(now).toISOString();
    const user: UserRow = {
      id: newId(),
      store_id: storeId,
      email: null,
      // No password signs in to it: only a code sent to its phone (or a password reset once it has an email).
      password_hash: '',
      first_name: '',
      last_name: '',
      created_at: at,
      phone,
      phone_verified_at: at,
      email_verified_at: null,
      language: 'en',
    };
    try {
      await this.db.insertInto('users').values(user).execute();
    } catch (error) {
      // Two first sign-ins of one number at once: the unique index decides, and both sign in to the winner.
      const winner = await this.findByPhone(storeId, phone);
      if (winner) return winner;
      throw error;
    }
    return user;
  }

  /** Gives a signed-in account its verified phone; false when the phone signs in to another account already. */
  async setPhone(storeId: string, userId: string, phone: string, now = Date.now()): Promise<boolean> {
    const holder = await this.findByPhone(storeId, phone);
    if (holder) return holder.id === userId;
    try {
      await this.db
        .updateTable('users')
        .set({ phone, phone_verified_at: new Date(now).toISOString() })
        .where('id', '=', userId)
        .where('store_id', '=', storeId)
        .execute();
    } catch {
      // Another account took the number meanwhile (the unique index).
      return false;
    }
    return true;
  }

  /** The language an account's messages are written in: the one it reads the shop in; English for none. */
  async languageOf(storeId: string, userId: string, trx: Database = this.db): Promise<'en' | 'hi'> {
    const row = await trx
      .selectFrom('users')
      .select('language')
      .where('id', '=', userId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row?.language ?? 'en';
  }

  /** Keeps the language the shopper reads the shop in, in the caller's transaction (an order's). */
  async keepLanguage(trx: Database, storeId: string, userId: string, language: 'en' | 'hi'): Promise<void> {
    await trx.updateTable('users').set({ language }).where('id', '=', userId).where('store_id', '=', storeId).execute();
  }

  /** Keeps the language the shopper reads the shop in, and answers the account as it is now. */
  async setLanguage(storeId: string, userId: string, language: 'en' | 'hi'): Promise<UserRow> {
    await this.db
      .updateTable('users')
      .set({ language })
      .where('id', '=', userId)
      .where('store_id', '=', storeId)
      .execute();
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
  }

  findByPhone(storeId: string, phone: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('phone', '=', phone)
      .executeTakeFirst();
  }

  /**
   * The signed-in user of a bearer token, or undefined when it is unknown, expired or another
   * store's. Its use is recorded (and a remembered session slides) at most once a minute.
   */
  async userForToken(storeId: string, token: string, now = Date.now()): Promise<UserRow | undefined> {
    if (token.length > 200) return undefined;
    const tokenHash = hashToken(token);
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
        'sessions.last_used_at as session_last_used_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.store_id', '=', storeId)
      .where('sessions.expires_at', '>', new Date(now).toISOString())
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      session_created_at: createdAt,
      session_expires_at: expiresAt,
      session_last_used_at: lastUsed,
      ...user
    } = row;
    const session = { createdAt, expiresAt, lastUsedAt: lastUsed ?? createdAt };
    if (now - Date.parse(session.lastUsedAt) > TOUCH_EVERY_MS) await this.touch(tokenHash, session, now);
    return user;
  }

  private async touch(tokenHash: string, session: SessionTimes, now: number): Promise<void> {
    const at = new Date(now).toISOString();
    await this.db
      .updateTable('sessions')
      .set(isRemembered(session) ? { last_used_at: at, expires_at: slidExpiry(now) } : { last_used_at: at })
      .where('token_hash', '=', tokenHash)
      .execute();
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
    await trx.deleteFrom('sign_in_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        // A unique address no one can sign in with; the real one is free to register again.
        email: `erased-${userId}@erased.invalid`,
        password_hash: '',
        first_name: '',
        last_name: '',
        phone: null,
        phone_verified_at: null,
        email_verified_at: null,
      })
      .where('id', '=', userId)
      .execute();
  }

  /** A shopper by account id (erased accounts included: their email is gone). */
  findById(storeId: string, userId: string, db: Database = this.db) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  findByEmail(storeId: string, email: string, db: Database = this.db) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('email', '=', email)
      .executeTakeFirst();
  }
}

/** A remembered session lives SESSION_DAYS after its last use; a short one ends as it was opened. */
const isRemembered = (session: SessionTimes) =>
  Date.parse(session.expiresAt) - Date.parse(session.createdAt) > SHORT_SESSION_HOURS * 3_600_000;

const slidExpiry = (now: number) => new Date(now + SESSION_DAYS * 86_400_000).toISOString();

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
    emailVerified: user.email !== null && user.email_verified_at !== null,
    phone: user.phone,
    phoneVerified: user.phone !== null && user.phone_verified_at !== null,
    hasPassword: user.password_hash !== '',
    createdAt: user.created_at,
    language: user.language,
  };
}

export { unauthorized };
