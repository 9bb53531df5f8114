import type { Database } from '../../db/schema.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import type { MessageSettings } from './layout.js';
import { orderMessages } from './order-messages.js';
import type { Outbox } from './outbox.js';

/** Puts an order's messages in the outbox, inside the transaction of the change that causes them. */
export class OrderMail {
  constructor(
    private readonly outbox: Outbox,
    private readonly stores: StoreService,
    private readonly settings: MessageSettings = {},
  ) {}

  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const store = await this.stores.byId(change.order.store_id, trx);
    if (!store) return;
    for (const message of orderMessages(store, change, this.settings)) await this.outbox.enqueue(trx, message);
  }
}
