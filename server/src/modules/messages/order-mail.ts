import type { Database, OrderRow, StoreRow } from '../../db/schema.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import { type MessageSettings, shopUrl } from './layout.js';
import { orderMessages } from './order-messages.js';
import type { Outbox, OutgoingMessage } from './outbox.js';
import { fillTemplate, type SmsLanguage, smsLanguageFor } from './sms-templates.js';
import { enqueueTextMessage } from './text-messages.js';
import { mailTexts } from './texts/catalogue.js';

/** The language an account's messages are written in ('en' or 'hi'). */
export type LanguageOf = (trx: Database, storeId: string, userId: string) => Promise<string>;

/** What the text to a shopper without an email says of each order email it stands for. */
const ORDER_NEWS: Record<string, string> = {
  'order.placed': 'is placed',
  'order.cod-confirmed': 'is confirmed for cash on delivery',
  'order.paid': 'is paid',
  'order.shipped': 'has shipped',
  'order.delivered': 'is delivered',
  'order.cancelled': 'is cancelled',
};

/** The same news in Hindi, for the Hindi template ('… आपका ऑर्डर ##order## ##status##।'). */
const ORDER_NEWS_HI: Record<string, string> = {
  'order.placed': 'दर्ज हो गया है',
  'order.cod-confirmed': 'कैश ऑन डिलीवरी के लिए पक्का हो गया है',
  'order.paid': 'पेमेंट मिलने पर पक्का हो गया है',
  'order.shipped': 'भेज दिया गया है',
  'order.delivered': 'डिलीवर हो गया है',
  'order.cancelled': 'रद्द कर दिया गया है',
};

/** The SMS that stands for an order email when the order has no email (a mobile-number account's). */
export function orderUpdateText(
  store: StoreRow,
  order: OrderRow,
  kind: string,
  settings: MessageSettings = {},
  language: SmsLanguage = 'en',
): string {
  const hindi = language === 'hi';
  return fillTemplate(
    'order-update',
    {
      shop: store.store_name,
      order: order.id,
      status: (hindi ? ORDER_NEWS_HI[kind] : ORDER_NEWS[kind]) ?? (hindi ? 'में कुछ नया है' : 'has an update'),
      link: `${shopUrl(store, settings)}${hindi ? '/hi' : ''}/track-order?id=${encodeURIComponent(order.id)}`,
    },
    language,
  );
}

/**
 * Puts an order's messages in the outbox, the shopper's in the language of their account, inside the transaction of the change that causes them.
 * An order without an email (placed by a mobile-number account) gets each shopper email as a
 * short text to the order's phone instead: in Hindi for a Hindi shopper when the merchant has the
 * Hindi template (MSG91_HINDI_TEMPLATE_IDS), else in English.
 */
export class OrderMail {
  constructor(
    private readonly outbox: Outbox,
    private readonly stores: StoreService,
    private readonly settings: MessageSettings = {},
    /** The shopper's language for their order's emails; English when not told. */
    private readonly languageOf: LanguageOf = async () => 'en',
  ) {}

  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const store = await this.stores.byId(change.order.store_id, trx);
    if (!store) return;
    const language = await this.languageOf(trx, store.id, change.order.user_id);
    for (const message of orderMessages(store, change, this.settings, mailTexts(language))) {
      if (message.recipient) await this.outbox.enqueue(trx, message);
      else if (isToShopper(message) && change.order.phone) {
        await enqueueTextMessage(this.outbox, trx, {
          storeId: store.id,
          kind: 'order-update',
          phone: change.order.phone,
          text: orderUpdateText(
            store,
            change.order,
            message.kind,
            this.settings,
            smsLanguageFor('order-update', language, this.settings.hindiSmsKinds),
          ),
        });
      }
    }
  }
}

const isToShopper = (message: OutgoingMessage) => message.kind.startsWith('order.');
