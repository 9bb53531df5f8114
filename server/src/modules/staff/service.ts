import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_IDLE_HOURS, type StaffRole, TWO_FACTOR_REQUIRED } from '@netkart/contract';
import * as OTPAuth from 'otpauth';
import type { Database, StaffRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import {
  dummyPasswordHash,
  hashPassword,
  OWASP_SCRYPT_COST,
  type ScryptCost,
  verifyPassword,
} from '../accounts/passwords.js';
import type { AuditLog } from '../audit/service.js';

export const STAFF_PASSWORD_MIN = 10;
const INVALID_SIGN_IN = 'Invalid email or password.';
const INVALID_CODE = 'That code is not right. Enter the 6 digits your authenticator app shows now.';
/** A session's last-seen time is written at most this often: a busy back office does not write on every click. */
const TOUCH_EVERY_MS = 60_000;
const IDLE_MS = ADMIN_IDLE_HOURS * 3_600_000;
/** However busy, a back-office session ends this long after sign-in: a stolen cookie is good for a day's work at most. */
export const ADMIN_SESSION_MAX_HOURS = 12;
const MAX_AGE_MS = ADMIN_SESSION_MAX_HOURS * 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** null: every store of this server. */
  storeId: string | null;
  password: string;
  /** Turn on two-factor sign-in: the answer carries the otpauth:// address for the authenticator app. */
  totp?: boolean;
}

export interface StaffSessionOf {
  staff: StaffRow;
  csrfToken: string;
}

/** Sign-in refused because the authenticator code is missing: the form then asks for it. */
export class TwoFactorRequired extends HttpError {
  constructor() {
    super(401, TWO_FACTOR_REQUIRED, {}, 'code');
  }
}

/** The people who run the shop, apart from its shoppers: accounts, sign-in and sessions. */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    private readonly passwordCost: ScryptCost = OWASP_SCRYPT_COST,
  ) {}

  /**
   * Adds an account. An email may be staff of several stores, one account in each; an account of
   * every store shares its email with no other account, so that a sign-in finds one account at most.
   */
  async add(input: NewStaff, actor: string): Promise<{ staff: StaffRow; totpUri?: string }> {
    checkPassword(input.password);
    const email = input.email.trim().toLowerCase();
    const taken = `There is already a staff account for ${email}.`;
    // Checked before the (slow) hash, and again in the transaction that adds.
    if (await this.clashes(this.db, input.storeId, email)) throw conflict(taken);
    const secret = input.totp ? new OTPAuth.Secret({ size: 20 }).base32 : null;
    const staff: StaffRow = {
      id: newId(),
      email,
      name: input.name.trim(),
      role: input.role,
      store_id: input.storeId,
      password_hash: await hashPassword(input.password, this.passwordCost),
      totp_secret: secret,
      created_at: nowIso(),
    };
    try {
      await writeTransaction(this.db, async (trx) => {
        if (await this.clashes(trx, input.storeId, email)) throw conflict(taken);
        await trx.insertInto('staff').values(staff).execute();
        await this.audit.record(trx, {
          storeId: staff.store_id,
          actor,
          action: 'staff.add',
          subject: `staff:${email}`,
          after: { name: staff.name, role: staff.role, allStores: staff.store_id === null, twoFactor: Boolean(secret) },
        });
      });
    } catch (error) {
      // Two adds of one email at once: the second meets the database's unique index.
      if (isUniqueViolation(error)) throw conflict(taken);
      throw error;
    }
    return { staff, ...(secret ? { totpUri: totpFor(staff, secret).toString() } : {}) };
  }

  /**
   * Whether an account for `email` would meet another: one that may already work on this store,
   * or, for an account of every store (storeId null), any account of that email. Accounts of
   * other stores are never looked at for one store's account: their existence is not this store's business.
   */
  private async clashes(db: Database, storeId: string | null, email: string): Promise<boolean> {
    let query = db.selectFrom('staff').select('id').where('email', '=', email);
    if (storeId !== null)
      query = query.where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]));
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The accounts that may work on this store: its own and those of every store. */
  list(storeId: string): Promise<StaffRow[]> {
    return this.db
      .selectFrom('staff')
      .selectAll()
      .where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]))
      .orderBy('email')
      .execute();
  }

  /** The account of this email that may work on this store (its own, or one of every store); never another store's. */
  find(storeId: string, email: string, db: Database = this.db): Promise<StaffRow | undefined> {
    return db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]))
      .executeTakeFirst();
  }

  /**
   * Removes the account of this email that may work on this store, and signs it out everywhere.
   * An owner stays while no other owner may work on the store (for an account of every store:
   * while no other owner is left at all).
   */
  async remove(storeId: string, email: string, actor: string): Promise<StaffRow> {
    return writeTransaction(this.db, async (trx) => {
      const staff = await this.find(storeId, email, trx);
      if (!staff) throw notFound(`There is no staff account for ${email}.`);
      if (staff.role === 'owner') {
        let others = trx
          .selectFrom('staff')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('role', '=', 'owner')
          .where('id', '!=', staff.id);
        if (staff.store_id !== null) {
          others = others.where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]));
        }
        if (Number((await others.executeTakeFirstOrThrow()).count) === 0) {
          throw conflict(`${staff.email} is the only owner: add another owner before removing this one.`);
        }
      }
      await trx.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute();
      await trx.deleteFrom('staff_sign_in_links').where('staff_id', '=', staff.id).execute();
      await trx.deleteFrom('staff').where('id', '=', staff.id).execute();
      await this.audit.record(trx, {
        storeId: staff.store_id,
        actor,
        action: 'staff.remove',
        subject: `staff:${staff.email}`,
        before: { name: staff.name, role: staff.role },
      });
      return staff;
    });
  }

  /** Turns sign-in with an authenticator app on (a new secret; sessions end) or off. */
  async setTwoFactor(
    storeId: string,
    email: string,
    on: boolean,
    actor: string,
  ): Promise<{ staff: StaffRow; totpUri?: string }> {
    const staff = await this.find(storeId, email);
    if (!staff) throw notFound(`There is no staff account for ${email}.`);
    const secret = on ? new OTPAuth.Secret({ size: 20 }).base32 : null;
    await writeTransaction(this.db, async (trx) => {
      await trx.updateTable('staff').set({ totp_secret: secret }).where('id', '=', staff.id).execute();
      if (on) await trx.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute();
      await this.audit.record(trx, {
        storeId: staff.store_id,
        actor,
        action: on ? 'staff.two-factor-on' : 'staff.two-factor-off',
        subject: `staff:${staff.email}`,
      });
    });
    const updated = { ...staff, totp_secret: secret };
    return { staff: updated, ...(secret ? { totpUri: totpFor(updated, secret).toString() } : {}) };
  }

  /** Sets a new password and ends every session of the account. */
  async resetPassword(storeId: string, email: string, password: string, actor: string): Promise<StaffRow> {
    checkPassword(password);
    const staff = await this.find(storeId, email);
    if (!staff) throw notFound(`There is no staff account for ${email}.`);
    const hash = await hashPassword(password, this.passwordCost);
    await writeTransaction(this.db, async (trx) => {
      await trx.updateTable('staff').set({ password_hash: hash }).where('id', '=', staff.id).execute();
      await trx.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute();
      await this.audit.record(trx, {
        storeId: staff.store_id,
        actor,
        action: 'staff.reset-password',
        subject: `staff:${staff.email}`,
      });
    });
    return staff;
  }

  /**
   * Checks the password (and the authenticator code when two-factor sign-in is on) and opens a
   * session for this store. Unknown emails, wrong passwords and another store's staff all get
   * the same answer, after the same work: only this store's accounts (and those of every store) are looked at.
   */
  async signIn(storeId: string, input: { email: string; password: string; code?: string }): Promise<string> {
    const staff = await this.find(storeId, input.email);
    const valid = await verifyPassword(
      input.password,
      staff?.password_hash ?? (await dummyPasswordHash(this.passwordCost)),
    );
    if (!staff || !valid) throw new HttpError(401, INVALID_SIGN_IN);
    if (staff.totp_secret) {
      if (!input.code) throw new TwoFactorRequired();
      if (totpFor(staff, staff.totp_secret).validate({ token: input.code, window: 1 }) === null) {
        throw new HttpError(401, INVALID_CODE, {}, 'code');
      }
    }
    return this.openSession(staff.id);
  }

  /** A new back-office session for a staff member who has proved who they are; its token, returned once. */
  async openSession(staffId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = nowIso();
    await this.db
      .insertInto('staff_sessions')
      .values({
        token_hash: hashToken(token),
        staff_id: staffId,
        csrf_token: randomBytes(24).toString('base64url'),
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    return token;
  }

  /**
   * Whether `code` is the authenticator code of a staff member with two-factor sign-in on who may
   * work on this store: checked before the password when strangers have used up the email's limit.
   */
  async codeIsRight(storeId: string, email: string, code: string): Promise<boolean> {
    const staff = await this.find(storeId, email);
    if (!staff?.totp_secret) return false;
    return totpFor(staff, staff.totp_secret).validate({ token: code, window: 1 }) !== null;
  }

  /** The staff member of a session cookie, while the session is alive and the account may work on this store. */
  async sessionFor(storeId: string, token: string, now = Date.now()): Promise<StaffSessionOf | undefined> {
    if (token.length > 200) return undefined;
    const row = await this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .selectAll('staff')
      .select([
        'staff_sessions.csrf_token',
        'staff_sessions.last_seen_at',
        'staff_sessions.token_hash',
        'staff_sessions.created_at as session_created_at',
      ])
      .where('staff_sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    const lastSeen = Date.parse(row.last_seen_at);
    if (now - lastSeen > IDLE_MS || now - Date.parse(row.session_created_at) > MAX_AGE_MS) {
      await this.db.deleteFrom('staff_sessions').where('token_hash', '=', row.token_hash).execute();
      return undefined;
    }
    const {
      csrf_token: csrfToken,
      last_seen_at: _seen,
      token_hash: tokenHash,
      session_created_at: _created,
      ...staff
    } = row;
    if (!mayWorkOn(staff, storeId)) return undefined;
    if (now - lastSeen > TOUCH_EVERY_MS) {
      await this.db
        .updateTable('staff_sessions')
        .set({ last_seen_at: new Date(now).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { staff, csrfToken };
  }

  async signOut(token: string): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  /** Deletes sessions idle, or open, for longer than a back-office session lives; returns how many went. */
  async purgeIdleSessions(now = Date.now()): Promise<number> {
    const idleCutoff = new Date(now - IDLE_MS).toISOString();
    const ageCutoff = new Date(now - MAX_AGE_MS).toISOString();
    const result = await this.db
      .deleteFrom('staff_sessions')
      .where((eb) => eb.or([eb('last_seen_at', '<', idleCutoff), eb('created_at', '<', ageCutoff)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** A unique index refused a row (PostgreSQL 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function mayWorkOn(staff: StaffRow, storeId: string): boolean {
  return staff.store_id === null || staff.store_id === storeId;
}

function checkPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN) {
    throw new HttpError(400, `A staff password has at least ${STAFF_PASSWORD_MIN} characters.`, {}, 'password');
  }
  if (password.length > 200) throw new HttpError(400, 'A staff password has at most 200 characters.', {}, 'password');
}

function totpFor(staff: StaffRow, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Store back office',
    label: staff.email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}
