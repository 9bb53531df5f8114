import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, StoreRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { type MessageSettings, renderMessage, shopUrl } from '../messages/layout.js';
import type { Outbox, OutgoingMessage } from '../messages/outbox.js';
import { mayWorkOn, type StaffService } from './service.js';

/** How long an emailed sign-in link works, once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** Answered no sooner than this: a known email's writes hide inside the same wait as an unknown one's. */
const ANSWER_MS = 100;
export const SIGN_IN_LINK_SENT = 'If that email belongs to the back office, we have sent it a sign-in link.';
export const SIGN_IN_LINK_INVALID = 'This sign-in link has expired or was already used. Please ask for a new one.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The back-office page that posts the link's token (a mail scanner fetching the link uses nothing up). */
export const signInLinkUrl = (
  store: Pick<StoreRow, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
) => `${shopUrl(store, settings)}/admin/?sign-in-link=${encodeURIComponent(token)}`;

/**
 * One-time sign-in links for staff without two-factor sign-in, so that strangers typing wrong
 * passwords for their email cannot lock them out: the link goes only to the staff member's own
 * mailbox, works once, for SIGN_IN_LINK_MINUTES, and the database keeps only its hash. A newer
 * link replaces the older ones.
 */
export class StaffSignInLinks {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly staff: StaffService,
    private readonly settings: MessageSettings = {},
  ) {}

  /** Emails a link when `email` is staff of this store without two-factor sign-in; the caller cannot tell. */
  async request(store: StoreRow, email: string, now = Date.now()): Promise<void> {
    await Promise.all([this.sendLink(store, email.trim().toLowerCase(), now), sleep(ANSWER_MS)]);
  }

  private async sendLink(store: StoreRow, email: string, now: number): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await writeTransaction(this.db, async (trx) => {
      // Only this store's accounts (and those of every store): the same email may be staff elsewhere.
      const member = await this.staff.find(store.id, email, trx);
      // Two-factor staff sign in with their code instead: a mailbox is a weaker second factor.
      if (!member || member.totp_secret) return;
      const at = new Date(now).toISOString();
      await trx
        .updateTable('staff_sign_in_links')
        .set({ used_at: at })
        .where('staff_id', '=', member.id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('staff_sign_in_links')
        .values({
          token_hash: hashToken(token),
          staff_id: member.id,
          store_id: store.id,
          created_at: at,
          expires_at: new Date(now + SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      await this.outbox.enqueue(trx, signInLinkMessage(store, member.email, token, this.settings), now);
    });
  }

  /** Uses the link up (of two racing, one wins) and opens a session; the staff member's email and session token. */
  async use(storeId: string, token: string, now = Date.now()): Promise<{ email: string; session: string }> {
    const at = new Date(now).toISOString();
    const used = await this.db
      .updateTable('staff_sign_in_links')
      .set({ used_at: at })
      .where('token_hash', '=', hashToken(token))
      .where('store_id', '=', storeId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('staff_id')
      .executeTakeFirst();
    const member =
      used && (await this.db.selectFrom('staff').selectAll().where('id', '=', used.staff_id).executeTakeFirst());
    if (!member || !mayWorkOn(member, storeId)) throw new HttpError(400, SIGN_IN_LINK_INVALID, {}, 'token');
    return { email: member.email, session: await this.staff.openSession(member.id) };
  }
}

function signInLinkMessage(
  store: StoreRow,
  recipient: string,
  token: string,
  settings: MessageSettings,
): OutgoingMessage {
  return {
    storeId: store.id,
    kind: 'staff.sign-in-link',
    recipient,
    subject: `Your sign-in link | ${store.store_name} back office`,
    ...renderMessage(store, [
      {
        lines: [
          `Someone (we hope you) asked for a link to sign in to the ${store.store_name} back office.`,
          `It is valid for ${SIGN_IN_LINK_MINUTES} minutes and works once.`,
        ],
        links: [{ label: 'Sign in to the back office', url: signInLinkUrl(store, token, settings) }],
      },
      {
        lines: [
          'If you did not ask for this, ignore this email. Many failed sign-ins for your email may mean someone is guessing your password: consider turning on two-factor sign-in.',
        ],
      },
    ]),
  };
}
