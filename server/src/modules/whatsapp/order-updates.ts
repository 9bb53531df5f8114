import { OrderStatus } from '@netkart/contract';
import type { Database, OrderRow, StoreRow } from '../../db/schema.js';
import { type MessageSettings, rupees, shopUrl } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { enqueueWhatsAppMessage } from '../messages/whatsapp-messages.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import type { WhatsAppConsents } from './consents.js';
import { filledIn, templateCall, WHATSAPP_TEMPLATES, type WhatsAppTemplate } from './templates.js';

/** The template and its parameters for an order's change, or none for a change the shopper is not told of here. */
function updateFor(
  store: StoreRow,
  change: OrderChange,
  settings: MessageSettings,
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
      parameters: [order.id, store.store_name, order.courier || 'our courier', trackingLinkOf(store, order, settings)],
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
const trackingLinkOf = (store: StoreRow, order: OrderRow, settings: MessageSettings) =>
  order.tracking_url || `${shopUrl(store, settings)}/track-order?id=${encodeURIComponent(order.id)}`;

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
  ) {}

  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const { order } = change;
    const consent = await this.consents.standing({ storeId: order.store_id, userId: order.user_id }, trx);
    if (!consent) return;
    const store = await this.stores.byId(order.store_id, trx);
    if (!store) return;
    const update = updateFor(store, change, this.settings);
    if (!update) return;
    await enqueueWhatsAppMessage(this.outbox, trx, {
      storeId: order.store_id,
      kind: update.kind,
      phone: consent.phone,
      text: filledIn(update.template, update.parameters),
      call: templateCall(update.template, update.parameters),
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
    await enqueueWhatsAppMessage(this.outbox, trx, {
      storeId: message.storeId,
      kind: 'order.cod-code',
      phone: consent.phone,
      text: filledIn(template, parameters),
      call: templateCall(template, parameters),
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
