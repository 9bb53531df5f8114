import { type AccountExport, OrderStatus } from '@store/contract';
import type { Database, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { nowIso } from '../../shared/ids.js';
import { verifyPassword } from '../accounts/passwords.js';
import type { OrderService } from '../orders/service.js';
import type { Store } from '../stores/service.js';

export const WRONG_PASSWORD = 'The password is not right. Nothing was deleted.';
export const stillOpen = (ids: string[]): string =>
  `Your ${ids.length === 1 ? 'order' : 'orders'} ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not finished yet. You can delete your account once ${ids.length === 1 ? 'it is' : 'they are'} delivered or cancelled (an unpaid order is cancelled on its own after a while). Nothing was deleted.`;

/** What an erased order keeps in place of the person: the amounts, items, dates and state stay for the accounts. */
const ERASED = '';

/**
 * A shopper's rights over their data (Digital Personal Data Protection Act 2023): a copy of all
 * the shop keeps about them, and erasure. Erasure keeps what the tax law requires: issued invoices
 * (their own copy of the buyer's name and address) and each order's amounts, items and state.
 */
export class PrivacyService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
  ) {}

  async exportOf(store: Store, user: UserRow): Promise<AccountExport> {
    const orders = await this.orders.listForUser(store.id, user.id);
    const addresses = new Map<string, AccountExport['addresses'][number]>();
    for (const order of orders) addresses.set(JSON.stringify(order.shippingAddress), order.shippingAddress);
    const subscriber = await this.db
      .selectFrom('subscribers')
      .selectAll()
      .where('store_id', '=', store.id)
      .where('email', '=', user.email)
      .executeTakeFirst();
    return {
      exportedAt: nowIso(),
      store: { name: store.store_name, host: store.host },
      account: { firstName: user.first_name, lastName: user.last_name, email: user.email, createdAt: user.created_at },
      addresses: [...addresses.values()],
      orders,
      newsletter: subscriber
        ? {
            subscribed: subscriber.withdrawn_at === null,
            consentText: subscriber.consent_text,
            subscribedAt: subscriber.subscribed_at,
          }
        : null,
    };
  }

  /**
   * Erases the account after checking its password: every session ends, the name, email, phone and
   * addresses leave the account and its orders, unsent and sent copies of emails to it are deleted,
   * and the newsletter forgets the address. The email may register again.
   */
  async erase(store: Store, user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(password, user.password_hash))) throw new HttpError(400, WRONG_PASSWORD, {}, 'password');
    await writeTransaction(this.db, async (trx) => {
      // An order on its way still needs the address it goes to: the account waits until it is finished.
      const open = await trx
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', store.id)
        .where('user_id', '=', user.id)
        .where('status', 'in', [OrderStatus.Pending, OrderStatus.Processing, OrderStatus.Shipped])
        .orderBy('created_at')
        .execute();
      if (open.length > 0) throw new HttpError(409, stillOpen(open.map((order) => order.id)));
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      await trx
        .updateTable('users')
        .set({
          // A unique address no one can sign in with; the real one is free to register again.
          email: `erased-${user.id}@erased.invalid`,
          password_hash: ERASED,
          first_name: ERASED,
          last_name: ERASED,
        })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('orders')
        .set({
          email: ERASED,
          full_name: ERASED,
          address: ERASED,
          city: ERASED,
          postal_code: ERASED,
          phone: ERASED,
          phone_digits: ERASED,
          buyer_company: null,
          client_address: null,
        })
        .where('store_id', '=', store.id)
        .where('user_id', '=', user.id)
        .execute();
      await trx.deleteFrom('outbox').where('store_id', '=', store.id).where('recipient', '=', user.email).execute();
      await trx.deleteFrom('subscribers').where('store_id', '=', store.id).where('email', '=', user.email).execute();
    });
  }
}
