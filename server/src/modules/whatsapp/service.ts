import type { WhatsAppUpdates } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { nowIso } from '../../shared/ids.js';
import type { MessageSettings } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { enqueueWhatsAppMessage, type WhatsAppGateway } from '../messages/whatsapp-messages.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import { WhatsAppCloud } from './cloud-api.js';
import { type ConsentGivenVia, type ConsentOwner, WhatsAppConsents } from './consents.js';
import { sendsThroughCloudApi, type WhatsAppEnvironment } from './environment.js';
import { WhatsAppOrderUpdates } from './order-updates.js';
import { filledIn, templateCall, WHATSAPP_TEMPLATES } from './templates.js';
import { applyWebhook, signatureMatches, subscriptionChallenge, type WebhookResult } from './webhook.js';

/** Order updates on WhatsApp: the shoppers' consent, the messages it allows, and Meta's webhook. */
export class WhatsAppService {
  readonly consents: WhatsAppConsents;
  private readonly updates: WhatsAppOrderUpdates;

  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    stores: StoreService,
    readonly environment: WhatsAppEnvironment,
    settings: MessageSettings = {},
    /** The language the shopper reads the shop in, for the templates approved in Hindi too. */
    languageOf?: (trx: Database, storeId: string, userId: string) => Promise<string>,
  ) {
    this.consents = new WhatsAppConsents(db);
    this.updates = new WhatsAppOrderUpdates(
      this.consents,
      outbox,
      stores,
      settings,
      environment.hindiTemplates ?? [],
      languageOf,
    );
  }

  /** The orders' hook: an update for a shopper whose consent stands, in the change's transaction. */
  orderChanged(trx: Database, change: OrderChange): Promise<void> {
    return this.updates.orderChanged(trx, change);
  }

  /** Cash on delivery's hook: the order's confirmation code on WhatsApp too, in the order's transaction. */
  codCode(
    trx: Database,
    message: { storeId: string; userId: string; orderId: string; storeName: string; code: string },
  ): Promise<void> {
    return this.updates.codCode(trx, message);
  }

  /** The sign-in codes' hook: the code on WhatsApp too, to a number with a standing consent. */
  signInCode(trx: Database, message: { storeId: string; phone: string; code: string }): Promise<void> {
    return this.updates.signInCode(trx, message);
  }

  /**
   * The cart reminders' hook: the reminder on WhatsApp too, for a shopper whose consent to updates
   * here stands, in the reminder's transaction. False when it does not stand (nothing written).
   */
  async cartReminder(
    trx: Database,
    message: { storeId: string; userId: string; storeName: string; items: string; link: string },
  ): Promise<boolean> {
    const consent = await this.consents.standing({ storeId: message.storeId, userId: message.userId }, trx);
    if (!consent) return false;
    const template = WHATSAPP_TEMPLATES.cartReminder;
    const parameters = [message.storeName, message.items, message.link];
    const language = await this.updates.languageFor(trx, message.storeId, message.userId, template);
    await enqueueWhatsAppMessage(this.outbox, trx, {
      storeId: message.storeId,
      kind: 'cart.reminder',
      phone: consent.phone,
      text: filledIn(template, parameters, language),
      call: templateCall(template, parameters, language),
    });
    return true;
  }

  /** The orders' hook for a consent asked for with an order, in its transaction. */
  async consentWithOrder(trx: Database, owner: ConsentOwner, phone: string): Promise<void> {
    await this.consents.give(trx, owner, phone, 'checkout');
  }

  async updatesOf(owner: ConsentOwner): Promise<WhatsAppUpdates> {
    const standing = await this.consents.standing(owner);
    return standing
      ? { enabled: true, phone: standing.phone, since: standing.given_at }
      : { enabled: false, phone: null, since: null };
  }

  async setUpdates(
    owner: ConsentOwner,
    wanted: { enabled: true; phone: string } | { enabled: false },
    via: ConsentGivenVia = 'account',
  ) {
    await writeTransaction(this.db, async (trx) => {
      if (wanted.enabled) await this.consents.give(trx, owner, wanted.phone, via);
      else await this.consents.withdraw(owner, 'account', trx);
    });
    return this.updatesOf(owner);
  }

  /** The sender's gateway: the Cloud API when the account is set, else none (the outbox folder). */
  gateway(): WhatsAppGateway | undefined {
    if (!sendsThroughCloudApi(this.environment)) return undefined;
    return new WhatsAppCloud(this.environment, async ({ wamid, row, phone, template }) => {
      const at = nowIso();
      await this.db
        .insertInto('whatsapp_messages')
        .values({
          id: wamid,
          store_id: row.store_id,
          outbox_id: row.id,
          phone,
          template,
          status: 'accepted',
          status_at: at,
          error: null,
          sent_at: at,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    });
  }

  /** Meta's verification GET: the challenge to echo, or undefined to refuse. */
  challenge(query: Record<string, unknown>): string | undefined {
    return subscriptionChallenge(query, this.environment.verifyToken);
  }

  /** A webhook POST: undefined when its signature is not the app secret's (nothing is recorded). */
  async webhook(rawBody: Buffer, signature: unknown): Promise<WebhookResult | undefined> {
    if (!signatureMatches(this.environment.appSecret, rawBody, signature)) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { statuses: 0, stopped: 0 };
    }
    if (!payload || typeof payload !== 'object') return { statuses: 0, stopped: 0 };
    return applyWebhook(this.db, this.consents, payload);
  }
}
