import type { AccountExport } from '@netkart/contract';
import type { Database, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { nowIso } from '../../shared/ids.js';
import type { AddressBook } from '../accounts/addresses.js';
import { verifyPassword } from '../accounts/passwords.js';
import type { PhoneSignIn } from '../accounts/phone-sign-in.js';
import type { AccountService } from '../accounts/service.js';
import type { AuditLog } from '../audit/service.js';
import type { CartService } from '../carts/service.js';
import type { Outbox } from '../messages/outbox.js';
import type { NewsletterService } from '../newsletter/service.js';
import type { StockNotices } from '../notices/service.js';
import type { OrderService } from '../orders/service.js';
import type { ReviewService } from '../reviews/service.js';
import type { Store } from '../stores/service.js';

export const WRONG_PASSWORD = 'The password is not right. Nothing was deleted.';
export const stillOpen = (ids: string[]): string =>
  `Your ${ids.length === 1 ? 'order' : 'orders'} ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not finished yet. You can delete your account once ${ids.length === 1 ? 'it is' : 'they are'} delivered or cancelled (an unpaid order is cancelled on its own after a while). Nothing was deleted.`;

/** The shopper themself, named by account id: the log outlives their email. */
const shopperActor = (user: Pick<UserRow, 'id'>) => `shopper:${user.id}`;

/** The services that keep a shopper's data, each asked about its own tables. */
export interface PrivacyOwners {
  accounts: AccountService;
  /** The code sent to the account's phone, which proves a deletion instead of the password. */
  phoneSignIn: PhoneSignIn;
  addressBook: AddressBook;
  orders: OrderService;
  newsletter: NewsletterService;
  /** The "Notify me" wishes waiting under the account's email. */
  notices: StockNotices;
  /** The shopper's reviews stay, no longer signed with their name. */
  reviews?: ReviewService | undefined;
  /** The kept cart and wishlist go, and the consents to reminders are withdrawn. */
  carts?: CartService | undefined;
  outbox: Outbox;
  /** Each copy handed out and each erasure is in the store's activity log (by account id, no personal data). */
  audit: AuditLog;
}

/**
 * A shopper's rights over their data (Digital Personal Data Protection Act 2023): a copy of all
 * the shop keeps about them, and erasure. Erasure keeps what the tax law requires: issued invoices
 * (their own copy of the buyer's name and address) and each order's amounts, items and state.
 * It owns no table: each step is the owning module's, all in one transaction.
 */
export class PrivacyService {
  constructor(
    private readonly db: Database,
    private readonly owners: PrivacyOwners,
  ) {}

  async exportOf(store: Store, user: UserRow): Promise<AccountExport> {
    await this.owners.audit.recordNow({
      storeId: store.id,
      actor: shopperActor(user),
      action: 'account.export',
      subject: `account:${user.id}`,
    });
    const orders = await this.owners.orders.listForUser(store.id, user.id);
    const addresses = new Map<string, AccountExport['addresses'][number]>();
    // The saved addresses first (the address book), then those only orders were sent to.
    for (const { id: _id, isDefault: _isDefault, ...address } of await this.owners.addressBook.list({
      storeId: store.id,
      userId: user.id,
    })) {
      addresses.set(JSON.stringify(address), address);
    }
    for (const order of orders) addresses.set(JSON.stringify(order.shippingAddress), order.shippingAddress);
    const subscriber = user.email ? await this.owners.newsletter.byEmail(store.id, user.email) : undefined;
    const owner = { storeId: store.id, userId: user.id };
    const carts = this.owners.carts;
    return {
      exportedAt: nowIso(),
      store: { name: store.store_name, host: store.host },
      account: {
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        phone: user.phone,
        createdAt: user.created_at,
        language: user.language,
      },
      addresses: [...addresses.values()],
      orders,
      newsletter: subscriber
        ? {
            subscribed: subscriber.withdrawn_at === null,
            consentText: subscriber.consent_text,
            subscribedAt: subscriber.subscribed_at,
          }
        : null,
      ...(carts
        ? {
            keptCart: (await carts.cartOf(owner)).lines,
            wishlist: (await carts.wishlistOf(owner)).productIds,
            reminders: await carts.consents.of(owner),
          }
        : {}),
    };
  }

  /**
   * Erases the account after checking its password (or the code sent to its phone): every session ends, the name, email, phone and
   * addresses leave the account and its orders, unsent and sent copies of emails to it are deleted,
   * and the newsletter forgets the address. The email may register again.
   */
  /** Sends the code that proves this account's deletion to its own phone. */
  sendDeleteCode(store: Store, user: UserRow): Promise<void> {
    return this.owners.phoneSignIn.sendDeleteCode(store, user);
  }

  get codeMinutes(): number {
    return this.owners.phoneSignIn.codeMinutes;
  }

  async erase(
    store: Store,
    user: UserRow,
    proof: { password?: string | undefined; code?: string | undefined },
  ): Promise<void> {
    const { accounts, orders, newsletter, outbox, phoneSignIn } = this.owners;
    if (proof.password !== undefined) {
      if (!(await verifyPassword(proof.password, user.password_hash)))
        throw new HttpError(400, WRONG_PASSWORD, {}, 'password');
    } else {
      // Asked before the code is spent: a code is not used up on an account that cannot go yet.
      const open = await orders.unfinishedOf(this.db, store.id, user.id);
      if (open.length > 0) throw new HttpError(409, stillOpen(open));
      await phoneSignIn.checkDeleteCode(store.id, user, proof.code ?? '');
    }
    await writeTransaction(this.db, async (trx) => {
      // An order on its way still needs the address it goes to: the account waits until it is finished.
      const open = await orders.unfinishedOf(trx, store.id, user.id);
      if (open.length > 0) throw new HttpError(409, stillOpen(open));
      await accounts.erase(trx, user.id);
      await this.owners.addressBook.eraseAll(trx, user.id);
      await orders.eraseBuyer(trx, store.id, user.id);
      await this.owners.reviews?.eraseAuthor(trx, store.id, user.id);
      await this.owners.carts?.forget(trx, { storeId: store.id, userId: user.id });
      if (user.email) {
        await outbox.deleteTo(trx, store.id, user.email);
        await newsletter.forget(trx, store.id, user.email);
        await this.owners.notices.forget(trx, store.id, user.email);
      }
      if (user.phone) await outbox.deleteTo(trx, store.id, user.phone);
      await this.owners.audit.record(trx, {
        storeId: store.id,
        actor: shopperActor(user),
        action: 'account.erase',
        subject: `account:${user.id}`,
      });
    });
  }
}
