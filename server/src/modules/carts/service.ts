import { randomBytes } from 'node:crypto';
import {
  CartLine,
  type RestoredCart,
  type SavedCart,
  type SavedCartRequest,
  type SavedWishlist,
} from '@netkart/contract';
import { z } from 'zod';
import type { Database, OrderItemRow, SavedCartRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import type { AccountService } from '../accounts/service.js';
import type { CatalogService } from '../catalog/service.js';
import { type MessageSettings, shopUrl } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import type { OrderChange, OrderService } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import type { WhatsAppService } from '../whatsapp/service.js';
import { type ConsentOwner, ReminderConsentBook } from './consents.js';
import { cartReminderMessage, itemsSummary } from './messages.js';

export const RESTORE_LINK_NOT_FOUND = 'This link to a cart is not known here: it may be for another shop.';

/** The first reminder an hour after checkout was reached, the second a day after. */
export const REMINDER_AFTER_MS = [60 * 60_000, 24 * 60 * 60_000] as const;

const StoredLines = z.array(CartLine);
const StoredIds = z.array(z.string());

const newRestoreToken = () => randomBytes(24).toString('base64url');

/** Kept text read back; a row written by an older shop that no longer reads is an empty list, not a 500. */
function linesOf(row: Pick<SavedCartRow, 'lines_json'> | undefined): CartLine[] {
  if (!row) return [];
  const parsed = StoredLines.safeParse(JSON.parse(row.lines_json));
  return parsed.success ? parsed.data : [];
}

function idsOf(row: Pick<SavedCartRow, 'wishlist_json'> | undefined): string[] {
  if (!row) return [];
  const parsed = StoredIds.safeParse(JSON.parse(row.wishlist_json));
  return parsed.success ? parsed.data : [];
}

/** An ordered item is a kept line's when it is the same product and variant (or size and colour, for a line kept before variants). */
const isLineOf = (line: CartLine, item: OrderItemRow) =>
  line.productId === item.product_id &&
  (line.variantSku
    ? line.variantSku === item.variant_sku
    : (line.size ?? null) === item.size && (line.color ?? null) === item.color);

/** The kept lines less what an order took: a line ordered in full goes, one ordered in part keeps the rest. */
export function withoutOrdered(lines: CartLine[], items: OrderItemRow[]): CartLine[] {
  const left: CartLine[] = [];
  for (const line of lines) {
    const ordered = items.filter((item) => isLineOf(line, item)).reduce((sum, item) => sum + item.quantity, 0);
    if (line.quantity > ordered) left.push(ordered > 0 ? { ...line, quantity: line.quantity - ordered } : line);
  }
  return left;
}

export interface CartNeighbours {
  accounts: AccountService;
  catalog: CatalogService;
  orders: OrderService;
  stores: StoreService;
  outbox: Outbox;
  whatsApp: WhatsAppService;
  messages?: MessageSettings | undefined;
}

/**
 * A signed-in shopper's cart and wishlist kept on the server (the storefront merges its own into
 * them at sign-in), and the cart's reminders: a shopper who agreed to them and reached checkout
 * without ordering hears of the cart an hour later and again a day later, never after an order.
 */
export class CartService {
  readonly consents: ReminderConsentBook;

  constructor(
    private readonly db: Database,
    private readonly neighbours: CartNeighbours,
  ) {
    this.consents = new ReminderConsentBook(db);
  }

  async cartOf(owner: ConsentOwner): Promise<SavedCart> {
    const row = await this.rowOf(this.db, owner);
    return { lines: linesOf(row), updatedAt: row?.cart_updated_at ?? null };
  }

  /**
   * Replaces the kept cart. Reaching checkout starts the reminders' clock afresh; an empty cart
   * stops it (there is nothing to remind of).
   */
  async putCart(owner: ConsentOwner, input: PutCartInput): Promise<SavedCart> {
    const now = nowIso();
    const lines = input.lines;
    await writeTransaction(this.db, async (trx) => {
      const row = await this.ensureRow(trx, owner);
      const clock =
        lines.length === 0
          ? { checkout_at: null, reminders_sent: 0 }
          : input.checkout
            ? { checkout_at: now, reminders_sent: 0 }
            : {};
      await trx
        .updateTable('saved_carts')
        .set({ lines_json: JSON.stringify(lines), cart_updated_at: now, ...clock })
        .where('id', '=', row.id)
        .execute();
    });
    return { lines, updatedAt: now };
  }

  async wishlistOf(owner: ConsentOwner): Promise<SavedWishlist> {
    const row = await this.rowOf(this.db, owner);
    return { productIds: idsOf(row), updatedAt: row?.wishlist_updated_at ?? null };
  }

  async putWishlist(owner: ConsentOwner, input: { productIds: string[] }): Promise<SavedWishlist> {
    const now = nowIso();
    const productIds = [...new Set(input.productIds)];
    await writeTransaction(this.db, async (trx) => {
      const row = await this.ensureRow(trx, owner);
      await trx
        .updateTable('saved_carts')
        .set({ wishlist_json: JSON.stringify(productIds), wishlist_updated_at: now })
        .where('id', '=', row.id)
        .execute();
    });
    return { productIds, updatedAt: now };
  }

  /**
   * A placed order takes its lines out of the shopper's kept cart, in the order's transaction: a
   * page loaded before the browser's emptied cart reached the server finds them gone too, rather
   * than merging them back. Lines the order did not take stay.
   */
  async orderPlaced(trx: Database, change: OrderChange): Promise<void> {
    if (change.kind !== 'placed') return;
    const row = await this.rowOf(trx, { storeId: change.order.store_id, userId: change.order.user_id });
    if (!row) return;
    const kept = linesOf(row);
    const left = withoutOrdered(kept, change.items);
    if (left.length === kept.length && left.every((line, at) => line.quantity === kept[at]?.quantity)) return;
    await trx
      .updateTable('saved_carts')
      .set({
        lines_json: JSON.stringify(left),
        cart_updated_at: nowIso(),
        ...(left.length === 0 ? { checkout_at: null, reminders_sent: 0 } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /** The cart a reminder's link names, with each product's name now (or as ordered, when it is gone). */
  async restore(storeId: string, token: string): Promise<RestoredCart> {
    const row = await this.db
      .selectFrom('saved_carts')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('restore_token', '=', token)
      .executeTakeFirst();
    if (!row) throw notFound(RESTORE_LINK_NOT_FOUND);
    const lines: RestoredCart['lines'] = [];
    for (const line of linesOf(row)) {
      const product = await this.neighbours.catalog.getAny(storeId, line.productId);
      lines.push({ ...line, name: product?.title ?? 'A product no longer sold' });
    }
    return { lines };
  }

  /**
   * Writes each reminder due at `now`, email and (where that consent stands) WhatsApp, through the
   * outbox in the transaction that counts it: the count moves from n to n+1 once, so several
   * server processes running this at once write each reminder once. A cart whose shopper has
   * ordered since reaching checkout, or who withdrew the consent, gets none.
   */
  async sendDueReminders(now: number): Promise<number> {
    // Only those due now: the first an hour after checkout, the second a day after.
    const dueBy = (after: number) => new Date(now - after).toISOString();
    const candidates = await this.db
      .selectFrom('saved_carts')
      .selectAll()
      .where('checkout_at', 'is not', null)
      .where((eb) =>
        eb.or(
          REMINDER_AFTER_MS.map((after, sent) =>
            eb.and([eb('reminders_sent', '=', sent), eb('checkout_at', '<=', dueBy(after))]),
          ),
        ),
      )
      .orderBy('checkout_at')
      .limit(500)
      .execute();
    let written = 0;
    for (const row of candidates) {
      if (await this.remind(row, now)) written += 1;
    }
    return written;
  }

  /** An erased account's kept cart, wishlist and consents go with it. */
  async forget(trx: Database, owner: ConsentOwner): Promise<void> {
    await trx
      .deleteFrom('saved_carts')
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .execute();
    await this.consents.withdrawAll(trx, owner);
  }

  private async remind(row: SavedCartRow, now: number): Promise<boolean> {
    const checkoutAt = row.checkout_at;
    const sent = Number(row.reminders_sent);
    const after = REMINDER_AFTER_MS[sent];
    if (!checkoutAt || after === undefined || Date.parse(checkoutAt) + after > now) return false;
    const owner = { storeId: row.store_id, userId: row.user_id };
    const { orders, accounts, stores, outbox, whatsApp, messages } = this.neighbours;
    return writeTransaction(this.db, async (trx) => {
      const ordered = await orders.placedSince(row.store_id, row.user_id, checkoutAt, trx);
      const lines = linesOf(row);
      const consented = await this.consents.stands(owner, 'cart-reminders', trx);
      const user = await accounts.findById(row.store_id, row.user_id, trx);
      const store = await stores.byId(row.store_id, trx);
      if (ordered || lines.length === 0 || !consented || !user || !store) {
        // Nothing to remind of, now or later: the clock stops.
        await trx
          .updateTable('saved_carts')
          .set({ checkout_at: null })
          .where('id', '=', row.id)
          .where('checkout_at', '=', checkoutAt)
          .execute();
        return false;
      }
      const claimed = await trx
        .updateTable('saved_carts')
        .set({ reminders_sent: sent + 1 })
        .where('id', '=', row.id)
        .where('reminders_sent', '=', sent)
        .where('checkout_at', '=', checkoutAt)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      // In the shopper's language, the link to that language's cart page.
      const mail = mailTexts(user.language);
      const link = `${shopUrl(store, messages)}${mail.pagePrefix}/cart?restore=${encodeURIComponent(row.restore_token)}`;
      const names = await this.namesOf(row.store_id, lines, trx);
      if (user.email) await outbox.enqueue(trx, cartReminderMessage(store, user.email, names, link, sent + 1, mail));
      await whatsApp.cartReminder(trx, {
        storeId: row.store_id,
        userId: row.user_id,
        storeName: store.store_name,
        items: itemsSummary(names),
        link,
      });
      return true;
    });
  }

  private async namesOf(storeId: string, lines: CartLine[], trx: Database) {
    const names: Array<{ name: string; quantity: number }> = [];
    for (const line of lines) {
      const product = await this.neighbours.catalog.getAny(storeId, line.productId, trx);
      if (product) names.push({ name: product.title, quantity: line.quantity });
    }
    return names;
  }

  private rowOf(db: Database, owner: ConsentOwner) {
    return db
      .selectFrom('saved_carts')
      .selectAll()
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
  }

  /** The shopper's row, made on the first write (two first writes at once: one insert wins, both use it). */
  private async ensureRow(trx: Database, owner: ConsentOwner): Promise<SavedCartRow> {
    await trx
      .insertInto('saved_carts')
      .values({
        id: newId(),
        store_id: owner.storeId,
        user_id: owner.userId,
        lines_json: '[]',
        wishlist_json: '[]',
        cart_updated_at: null,
        wishlist_updated_at: null,
        checkout_at: null,
        reminders_sent: 0,
        restore_token: newRestoreToken(),
      })
      .onConflict((conflict) => conflict.columns(['store_id', 'user_id']).doNothing())
      .execute();
    const row = await this.rowOf(trx, owner);
    if (!row) throw new Error('The kept cart was not written.');
    return row;
  }
}

/** PUT /cart as the contract reads it. */
export type PutCartInput = z.output<typeof SavedCartRequest>;
