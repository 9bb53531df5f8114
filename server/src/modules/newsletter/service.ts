import { randomBytes } from 'node:crypto';
import type { NewsletterRequest } from '@netkart/contract';
import { sql } from 'kysely';
import type { Database, SubscriberRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { API_PREFIX } from '../../http/paths.js';
import { newId, nowIso } from '../../shared/ids.js';
import { type MessageSettings, renderMessage, shopUrl } from '../messages/layout.js';
import type { Outbox, OutgoingMessage } from '../messages/outbox.js';
import type { Store } from '../stores/service.js';

/** The spec's thank-you, sent once the sign-up is recorded. */
export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing to our newsletter.';
export const SUBSCRIBED_KIND = 'newsletter.subscribed';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** Our tokens are 43 characters; a longer one is no token of ours and is not looked up. */
const TOKEN_MAX = 100;

const newToken = () => randomBytes(32).toString('base64url');

/** The one-click link of a subscriber's emails: the API on the shop's own address. */
export const unsubscribeUrl = (
  store: Pick<Store, 'host' | 'public_port'>,
  token: string,
  settings: MessageSettings = {},
): string => `${shopUrl(store, settings)}${API_PREFIX}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** The confirmation: what the shopper agreed to, and how to withdraw (RFC 8058 one-click headers too). */
export function subscribedMessage(
  store: Store,
  subscriber: Pick<SubscriberRow, 'email' | 'consent_text'>,
  url: string,
): OutgoingMessage {
  const { text, html } = renderMessage(store, [
    {
      heading: SUBSCRIBED_MESSAGE,
      lines: [
        `Our newsletter will come to ${subscriber.email}.`,
        'You agreed to this notice:',
        `“${subscriber.consent_text}”`,
      ],
    },
    {
      lines: [
        'Changed your mind, or was it not you? Unsubscribe from this link at any time, and no more newsletters come.',
      ],
      links: [{ label: 'Unsubscribe', url }],
    },
  ]);
  return {
    storeId: store.id,
    kind: SUBSCRIBED_KIND,
    recipient: subscriber.email,
    subject: `You are subscribed to the ${store.store_name} newsletter`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Newsletter sign-ups with the consent each one gave, and their withdrawal. */
export class NewsletterService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly settings: MessageSettings = {},
  ) {}

  /**
   * Records the sign-up and its confirmation email in one transaction. An address already
   * subscribed is left as it is and gets no second email; one that withdrew is subscribed again
   * with the new consent and a new link (the old link stops working).
   */
  async subscribe(store: Store, input: NewsletterRequest): Promise<'subscribed' | 'already subscribed'> {
    return writeTransaction(this.db, async (trx) => {
      const subscriber = {
        email: input.email,
        consent_text: input.consentText,
        unsubscribe_token: newToken(),
        subscribed_at: nowIso(),
      };
      // Two sign-ups of one address at once: the unique (store, email) lets one insert, and the other finds it.
      const inserted = await trx
        .insertInto('subscribers')
        .values({ id: newId(), store_id: store.id, ...subscriber, withdrawn_at: null })
        .onConflict((conflict) => conflict.columns(['store_id', 'email']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const renewed =
        inserted ??
        (await trx
          .updateTable('subscribers')
          .set({ ...subscriber, withdrawn_at: null })
          .where('store_id', '=', store.id)
          .where('email', '=', input.email)
          .where('withdrawn_at', 'is not', null)
          .returning('id')
          .executeTakeFirst());
      if (!renewed) return 'already subscribed';
      const url = unsubscribeUrl(store, subscriber.unsubscribe_token, this.settings);
      await this.outbox.enqueue(trx, subscribedMessage(store, subscriber, url));
      return 'subscribed';
    });
  }

  /** A subscriber's own unsubscribe link, for the newsletters the merchant sends. */
  linkOf(store: Pick<Store, 'host' | 'public_port'>, subscriber: Pick<SubscriberRow, 'unsubscribe_token'>): string {
    return unsubscribeUrl(store, subscriber.unsubscribe_token, this.settings);
  }

  /** The subscriber of an unsubscribe link, withdrawn or not; undefined for a link we do not know. */
  async byToken(storeId: string, token: string): Promise<SubscriberRow | undefined> {
    if (!token || token.length > TOKEN_MAX) return undefined;
    return this.db
      .selectFrom('subscribers')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
  }

  /** Withdraws the subscriber of a link; a second time keeps the first withdrawal's time. Undefined: unknown link. */
  async unsubscribe(storeId: string, token: string): Promise<SubscriberRow | undefined> {
    if (!token || token.length > TOKEN_MAX) return undefined;
    return this.db
      .updateTable('subscribers')
      .set((eb) => ({ withdrawn_at: eb.fn.coalesce('withdrawn_at', eb.val(nowIso())) }))
      .where('store_id', '=', storeId)
      .where('unsubscribe_token', '=', token)
      .returningAll()
      .executeTakeFirst();
  }

  /** Withdraws an address on the merchant's word (a shopper who wrote in); false when it is not subscribed. */
  async unsubscribeEmail(storeId: string, email: string): Promise<boolean> {
    const result = await this.db
      .updateTable('subscribers')
      .set({ withdrawn_at: nowIso() })
      .where('store_id', '=', storeId)
      .where('email', '=', email)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The subscriber of an address, withdrawn or not (a shopper's copy of their data). */
  async byEmail(storeId: string, email: string): Promise<SubscriberRow | undefined> {
    return this.db
      .selectFrom('subscribers')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** Forgets an address altogether, inside the caller's transaction (an erased account). */
  async forget(trx: Database, storeId: string, email: string): Promise<void> {
    await trx.deleteFrom('subscribers').where('store_id', '=', storeId).where('email', '=', email).execute();
  }

  /** How many addresses are subscribed, and how many have withdrawn. */
  async count(storeId: string): Promise<{ subscribed: number; withdrawn: number }> {
    const row = await this.db
      .selectFrom('subscribers')
      .select([sql<number>`count(*)`.as('total'), sql<number>`count(withdrawn_at)`.as('withdrawn')])
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    const withdrawn = Number(row.withdrawn);
    return { subscribed: Number(row.total) - withdrawn, withdrawn };
  }

  /** The subscribed addresses (never the withdrawn), oldest sign-up first, a batch at a time. */
  async *subscribedInBatches(storeId: string, batchSize = 1000): AsyncGenerator<SubscriberRow[]> {
    let after: { subscribedAt: string; id: string } | undefined;
    for (;;) {
      let query = this.db
        .selectFrom('subscribers')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('withdrawn_at', 'is', null);
      if (after) {
        const { subscribedAt, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('subscribed_at', '>', subscribedAt),
            eb.and([eb('subscribed_at', '=', subscribedAt), eb('id', '>', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('subscribed_at').orderBy('id').limit(batchSize).execute();
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = { subscribedAt: last.subscribed_at, id: last.id };
    }
  }
}
