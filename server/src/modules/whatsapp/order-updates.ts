import { OrderStatus } from '@netkart/contract';
import type { Database, OrderRow, StoreRow } from '../../db/schema.js';
import { type MessageSettings, rupees, shopUrl } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { enqueueWhatsAppMessage } from '../messages/whatsapp-messages.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import type { WhatsAppConsents } from './consents.js';
import { filledIn, templateCall, templateLanguage, WHATSAPP_TEMPLATES, type WhatsAppTemplate } from './templates.js';

/** The template and its parameters for an order's change, or none for a change the shopper is not told of here. */
function updateFor(
  store: StoreRow,
  change: OrderChange,
  settings: MessageSettings,
  pagePrefix: string,
): { kind: string; template: WhatsAppTemplate; parameters: string[] } | undefined {
  const { order } = change;
  if (change.kind === 'placed') {
    return {
      kind: 'order.placed',
      template: WHATSAPP_TEMPLATES.orderPlaced,
      parameters: [order.id, store.store_name, rupees(order.total)],
    };
  }
  if (change.to === OrderStatus.Shipped) {
    return {
      kind: 'order.shipped',
      template: WHATSAPP_TEMPLATES.orderShipped,
      parameters: [
        order.id,
        store.store_name,
        order.courier || (pagePrefix ? 'हमारे कूरियर' : 'our courier'),
        trackingLinkOf(store, order, settings, pagePrefix),
      ],
    };
  }
  if (change.to === OrderStatus.Delivered) {
    return {
      kind: 'order.delivered',
      template: WHATSAPP_TEMPLATES.orderDelivered,
      parameters: [order.id, store.store_name],
    };
  }
  return undefined;
}

/** The courier's own tracking page when the order has one, else the store's order tracking page. */
const trackingLinkOf = (store: StoreRow, order: OrderRow, settings: MessageSettings, pagePrefix: string) =>
  order.tracking_url || `${shopUrl(store, settings)}${pagePrefix}/track-order?id=${encodeURIComponent(order.id)}`;

/**
 * Order updates on WhatsApp for a shopper whose consent stands: placed, shipped (with the tracking
 * link) and delivered, each an approved template, written to the outbox in the change's transaction.
 */
export class WhatsAppOrderUpdates {
  constructor(
    private readonly consents: WhatsAppConsents,
    private readonly outbox: Outbox,
    private readonly stores: StoreService,
    private readonly settings: MessageSettings = {},
    /** The templates approved in Hindi too (WHATSAPP_HINDI_TEMPLATES). */
    private readonly hindiTemplates: readonly string[] = [],
    /** The language the shopper reads the shop in; English when not told. */
    private readonly languageOf: (trx: Database, storeId: string, userId: string) => Promise<string> = async () => 'en',
  ) {}

  /** The language to send `template` in to this shopper: theirs when the template is approved in it, else English. */
  async languageFor(trx: Database, storeId: string, userId: string, template: WhatsAppTemplate): Promise<'en' | 'hi'> {
    return templateLanguage(template, await this.languageOf(trx, storeId, userId), this.hindiTemplates);
  }

  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const { order } = change;
    const consent = await this.consents.standing({ storeId: order.store_id, userId: order.user_id }, trx);
    if (!consent) return;
    const store = await this.stores.byId(order.store_id, trx);
    if (!store) return;
    const shopperLanguage = await this.languageOf(trx, order.store_id, order.user_id);
    const inHindi = (template: WhatsAppTemplate) =>
      templateLanguage(template, shopperLanguage, this.hindiTemplates) === 'hi';
    // The link and the fallback courier name follow the template's language, not only the shopper's.
    const english = updateFor(store, change, this.settings, '');
    if (!english) return;
    const update = inHindi(english.template) ? updateFor(store, change, this.settings, '/hi') : english;
    if (!update) return;
    const language = inHindi(update.template) ? 'hi' : 'en';
    await enqueueWhatsAppMessage(this.outbox, trx, {
      storeId: order.store_id,
      kind: update.kind,
      phone: consent.phone,
      text: filledIn(update.template, update.parameters, language),
      call: templateCall(update.template, update.parameters, language),
    });
  }

  /** A cash-on-delivery order's confirmation code, for a shopper whose consent stands (the SMS goes anyway). */
  async codCode(
    trx: Database,
    message: { storeId: string; userId: string; orderId: string; storeName: string; code: string },
  ): Promise<void> {
    const consent = await this.consents.standing({ storeId: message.storeId, userId: message.userId }, trx);
    if (!consent) return;
    const template = WHATSAPP_TEMPLATES.codConfirmation;
    const parameters = [message.code, message.orderId, message.storeName];
    const language = await this.languageFor(trx, message.storeId, message.userId, template);
    await enqueueWhatsAppMessage(this.outbox, trx, {
      storeId: message.storeId,
      kind: 'order.cod-code',
      phone: consent.phone,
      text: filledIn(template, parameters, language),
      call: templateCall(template, parameters, language),
    });
  }

  /**
   * A sign-in code on WhatsApp too, when someone of the store asked for updates at that number: an
   * authentication template (Meta's wording, with its copy-code button). The SMS goes all the same.
   */
  async signInCode(trx: Database, message: { storeId: string; phone: string; code: string }): Promise<void> {
    if (!(await this.consents.standsForNumber(message.storeId, message.phone, trx))) return;
    const template = WHATSAPP_TEMPLATES.signInCode;
    await enqueueWhatsAppMessage(this.outbox, trx, {
      storeId: message.storeId,
      kind: 'sign-in-code',
      phone: message.phone,
      text: filledIn(template, [message.code]),
      call: templateCall(template, [message.code]),
    });
  }
}
