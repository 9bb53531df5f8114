import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  COD_OFF,
  type CodConfirmationAnswer,
  type CodOffer,
  CodRules,
  codFee,
  codOfferedAt,
  codRefusal,
  DEFAULT_MAX_UNCONFIRMED_COD,
  OrderStatus,
  RETURNED_TO_ORIGIN_REASON,
  SHIPPING_SAC,
} from '@netkart/contract';
import type { CodOrderRow, Database, OrderRow, UserRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../../http/errors.js';
import { nowIso } from '../../../shared/ids.js';
import { formatInr, toRupees } from '../../../shared/money.js';
import {
  type NewCharge,
  ORDER_NOT_FOUND,
  type OrderService,
  type PaymentCheck,
  type PlaceOrder,
} from '../../orders/service.js';
import { isCodOrder, REMITTANCE_REFERENCE } from './confirmation.js';

/** Sends a text to a phone in the caller's transaction (the messages' outbox, passed in by the wiring). */
export type SendText = (
  trx: Database,
  message: { storeId: string; kind: string; phone: string; text: string },
) => Promise<void>;

/** Tells the code by another channel too (WhatsApp, for a shopper whose consent stands), in the caller's transaction. */
export type AlsoSendCode = (
  trx: Database,
  message: { storeId: string; userId: string; orderId: string; storeName: string; code: string },
) => Promise<void>;

/** How the confirmation code behaves. */
export interface CodCodePolicy {
  /** Minutes a code is good for. */
  codeMinutes: number;
  /** Wrong codes allowed before a new one must be asked for. */
  tries: number;
  /** Seconds between two codes sent for one order. */
  resendSeconds: number;
}

/** The COD fee's kind among an order's charges, and its accounting code: a charge for delivering the parcel (SAC 996812, as shipping). */
export const COD_FEE_CHARGE = 'cod-fee';
const COD_FEE_SAC = SHIPPING_SAC;

export const DEFAULT_COD_CODE_POLICY: CodCodePolicy = { codeMinutes: 30, tries: 5, resendSeconds: 60 };

const hashOf = (orderId: string, code: string) => createHash('sha256').update(`${orderId}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const NOT_COD = 'This order is not paid by cash on delivery.';
export const cashNotTotal = (totalPaise: number) =>
  `amount must be the order's total, ${formatInr(toRupees(totalPaise))}, the cash the courier collected.`;
export const WRONG_CODE = (left: number) =>
  left > 0
    ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
    : 'That code is not right, and no tries are left. Please ask for a new code.';
export const NO_TRIES_LEFT = 'Too many wrong codes. Please ask for a new code.';
export const CODE_EXPIRED = 'This code has expired. Please ask for a new code.';
export const resendTooSoon = (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`;
const tooManyUnconfirmed = (cap: number) =>
  `You already have ${cap} cash-on-delivery ${cap === 1 ? 'order' : 'orders'} waiting for confirmation. Please confirm ${cap === 1 ? 'it' : 'them'} with the code we sent (My Orders) before placing another.`;

export const codeText = (storeName: string, orderId: string, code: string, minutes: number) =>
  `${code} is your code to confirm cash-on-delivery order ${orderId} at ${storeName}. It expires in ${minutes} minutes. Do not share it with anyone.`;

/** The values of the code's SMS template ('cod-code'), by its variables' names. */
export interface CodCodeValues {
  code: string;
  order: string;
  shop: string;
  minutes: string;
}

/**
 * The code's SMS to an order's shopper, in the caller's transaction: in their language where the
 * merchant has its template (passed in by the messages); English (codeText) when not told.
 */
export type CodCodeText = (
  trx: Database,
  owner: { storeId: string; userId: string },
  values: CodCodeValues,
) => Promise<string>;

const englishCodeText: CodCodeText = async (_trx, _owner, values) =>
  codeText(values.shop, values.order, values.code, Number(values.minutes));

/**
 * Cash on delivery beside the store's online provider: the store's rules (checked when an order is
 * placed, offered per PIN), the 6-digit confirmation code sent to the order's phone (stored hashed,
 * limited tries, expiring, resent after a cool-down), and the merchant's cash collected and RTO.
 */
export class CodService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    private readonly sendText: SendText,
    private readonly policy: CodCodePolicy = DEFAULT_COD_CODE_POLICY,
    private readonly alsoSendCode?: AlsoSendCode,
    private readonly codeTextOf: CodCodeText = englishCodeText,
  ) {}

  /** Each open transaction's reading of the rules, by store (see rulesInTransaction). */
  private readonly rulesByTransaction = new WeakMap<Database, Map<string, Promise<CodRules>>>();

  /**
   * The cash-on-delivery fee as a charge line of an order being placed (none when the store charges
   * none): in the order's total, and on its invoice taxed at the goods' rate as a delivery service.
   */
  async feeFor(trx: Database, storeId: string, itemsTotal: number): Promise<NewCharge[]> {
    const fee = codFee(await this.rulesInTransaction(trx, storeId), itemsTotal);
    return fee > 0 ? [{ kind: COD_FEE_CHARGE, label: 'Cash on delivery fee', amount: fee, sac: COD_FEE_SAC }] : [];
  }

  /**
   * The rules as one transaction sees them, read once however many of its steps ask (placing a COD
   * order checks them, then charges their fee): the memo is keyed by the transaction's own handle
   * (on SQLite the connection that holds it), so it lives and dies with it. Asked on the shared
   * handle, outside any transaction, every call reads afresh.
   */
  private rulesInTransaction(trx: Database, storeId: string): Promise<CodRules> {
    if (trx === this.db) return this.rulesOf(storeId, trx);
    let byStore = this.rulesByTransaction.get(trx);
    if (!byStore) {
      byStore = new Map();
      this.rulesByTransaction.set(trx, byStore);
    }
    let rules = byStore.get(storeId);
    if (!rules) {
      rules = this.rulesOf(storeId, trx);
      byStore.set(storeId, rules);
    }
    return rules;
  }

  /** A store's rules as set, or COD off. */
  async rulesOf(storeId: string, db: Database = this.db): Promise<CodRules> {
    const row = await db
      .selectFrom('cod_rules')
      .select('rules_json')
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (!row) return COD_OFF;
    const parsed = CodRules.safeParse(JSON.parse(row.rules_json));
    return parsed.success ? parsed.data : COD_OFF;
  }

  /** Sets a store's rules (already checked by CodRules). */
  async setRules(storeId: string, rules: CodRules): Promise<void> {
    const values = { rules_json: JSON.stringify(rules), updated_at: nowIso() };
    await writeTransaction(this.db, async (trx) => {
      const updated = await trx.updateTable('cod_rules').set(values).where('store_id', '=', storeId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx
          .insertInto('cod_rules')
          .values({ store_id: storeId, ...values })
          .execute();
      }
    });
  }

  /** What the storefront is told: whether COD is on, its fee, its limits. */
  async offer(storeId: string): Promise<CodOffer> {
    const rules = await this.rulesOf(storeId);
    return {
      enabled: rules.enabled,
      ...(rules.enabled && rules.fee ? { fee: rules.fee } : {}),
      ...(rules.enabled && rules.minOrder !== undefined ? { minOrder: rules.minOrder } : {}),
      ...(rules.enabled && rules.maxOrder !== undefined ? { maxOrder: rules.maxOrder } : {}),
      everywhere: rules.enabled && !rules.pincodes?.length && !rules.states?.length,
    };
  }

  /** Whether the store offers COD at a PIN (GET /pincodes/{pin}). */
  async offeredAt(storeId: string, pincode: string, state: string | undefined): Promise<boolean> {
    return codOfferedAt(await this.rulesOf(storeId), pincode, state);
  }

  /** What placing a COD order adds: the rules checked in the order's transaction, then its code sent. */
  placing(store: { id: string; store_name: string }): Pick<PlaceOrder, 'checkPayment' | 'afterPlaced'> {
    return {
      checkPayment: (trx, order) => this.check(trx, order),
      afterPlaced: (trx, order) => this.issueCode(trx, order, store.store_name),
    };
  }

  private async check(trx: Database, order: PaymentCheck): Promise<void> {
    const rules = await this.rulesInTransaction(trx, order.storeId);
    const refusal = codRefusal(rules, { itemsTotal: order.itemsTotal, pincode: order.postalCode, state: order.state });
    if (refusal) throw new HttpError(400, refusal, {}, 'paymentMethod');
    const cap = rules.maxUnconfirmedPerShopper ?? DEFAULT_MAX_UNCONFIRMED_COD;
    if ((await this.orders.awaitingCodCount(trx, order.storeId, order.userId)) >= cap) {
      throw new HttpError(400, tooManyUnconfirmed(cap), {}, 'paymentMethod');
    }
  }

  /** A new code for the order, hashed in its row, sent by SMS to the order's phone. */
  private async issueCode(trx: Database, order: OrderRow, storeName: string, now = Date.now()): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const values = {
      code_hash: hashOf(order.id, code),
      expires_at: new Date(now + this.policy.codeMinutes * 60_000).toISOString(),
      tries_left: this.policy.tries,
      sent_at: new Date(now).toISOString(),
    };
    const updated = await trx.updateTable('cod_orders').set(values).where('order_id', '=', order.id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('cod_orders')
        .values({
          order_id: order.id,
          store_id: order.store_id,
          ...values,
          confirmed_at: null,
          cash_collected: null,
          remittance_reference: null,
          collected_at: null,
        })
        .execute();
    }
    await this.sendText(trx, {
      storeId: order.store_id,
      kind: 'cod-code',
      phone: order.phone,
      text: await this.codeTextOf(
        trx,
        { storeId: order.store_id, userId: order.user_id },
        { code, order: order.id, shop: storeName, minutes: String(this.policy.codeMinutes) },
      ),
    });
    // The SMS always goes; WhatsApp besides it, when the shopper asked for updates there.
    await this.alsoSendCode?.(trx, {
      storeId: order.store_id,
      userId: order.user_id,
      orderId: order.id,
      storeName,
      code,
    });
  }

  /** The shopper's code: right → the order is confirmed (Processing, ready to ship); wrong → one try fewer. */
  async confirm(
    storeId: string,
    user: UserRow,
    orderId: string,
    code: string,
    now = Date.now(),
  ): Promise<CodConfirmationAnswer> {
    const { order, cod } = await this.ownCodOrder(storeId, user, orderId);
    if (cod.confirmed_at) return { confirmed: true, triesLeft: cod.tries_left };
    this.refuseUnlessAwaiting(order);
    if (cod.tries_left <= 0) throw new HttpError(429, NO_TRIES_LEFT, {}, 'code');
    if (Date.parse(cod.expires_at) <= now) throw new HttpError(400, CODE_EXPIRED, {}, 'code');
    if (!sameHash(cod.code_hash, hashOf(order.id, code))) {
      // Counted down with a guard: two wrong codes at once both count.
      await this.db
        .updateTable('cod_orders')
        .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
        .where('order_id', '=', order.id)
        .where('tries_left', '>', 0)
        .execute();
      throw new HttpError(400, WRONG_CODE(cod.tries_left - 1), {}, 'code');
    }
    await writeTransaction(this.db, async (trx) => {
      const claimed = await trx
        .updateTable('cod_orders')
        .set({ confirmed_at: new Date(now).toISOString() })
        .where('order_id', '=', order.id)
        .where('confirmed_at', 'is', null)
        .where('code_hash', '=', cod.code_hash)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict('The code changed meanwhile. Please try again.');
      await this.orders.move(storeId, order.id, OrderStatus.Processing, {
        db: trx,
        by: { actor: 'shopper', note: 'cash on delivery confirmed by code' },
      });
    });
    return { confirmed: true, triesLeft: cod.tries_left };
  }

  /** A new code, at most once per cool-down; the old one stops working. */
  async resend(
    store: { id: string; store_name: string },
    user: UserRow,
    orderId: string,
    now = Date.now(),
  ): Promise<CodConfirmationAnswer> {
    const storeId = store.id;
    const { order, cod } = await this.ownCodOrder(storeId, user, orderId);
    if (cod.confirmed_at) return { confirmed: true, triesLeft: cod.tries_left };
    this.refuseUnlessAwaiting(order);
    const wait = Math.ceil((Date.parse(cod.sent_at) + this.policy.resendSeconds * 1000 - now) / 1000);
    if (wait > 0) throw new HttpError(429, resendTooSoon(wait), {}, 'orderId');
    await writeTransaction(this.db, (trx) => this.issueCode(trx, order, store.store_name, now));
    return {
      confirmed: false,
      triesLeft: this.policy.tries,
      resendAfter: new Date(now + this.policy.resendSeconds * 1000).toISOString(),
    };
  }

  /** The cash the courier collected for a COD order, and its remittance reference: a Shipped order becomes Delivered. */
  async recordCash(
    storeId: string,
    orderId: string,
    input: { amount: number; reference: string },
    by: string,
    within?: (trx: Database, before: OrderRow) => Promise<void>,
  ): Promise<CodOrderRow> {
    const reference = input.reference.trim();
    if (!REMITTANCE_REFERENCE.pattern.test(reference)) {
      throw new HttpError(400, REMITTANCE_REFERENCE.message, {}, 'reference');
    }
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      throw new HttpError(400, 'amount must be the rupees collected, above ₹0.', {}, 'amount');
    }
    return writeTransaction(this.db, async (trx) => {
      const order = await this.orders.findRow(storeId, orderId, trx);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!isCodOrder(order.payment_provider)) throw conflict(NOT_COD);
      if (order.status !== OrderStatus.Shipped && order.status !== OrderStatus.Delivered) {
        throw conflict('Cash is recorded for a Shipped or Delivered order.');
      }
      // The courier collects the order's total in cash; any other figure is a typing slip.
      if (input.amount !== Number(order.total)) {
        throw new HttpError(400, cashNotTotal(Number(order.total)), {}, 'amount');
      }
      const collected = { cash_collected: input.amount, remittance_reference: reference, collected_at: nowIso() };
      const updated = await trx
        .updateTable('cod_orders')
        .set(collected)
        .where('order_id', '=', order.id)
        .where('cash_collected', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('The cash for this order is already recorded.');
      if (order.status === OrderStatus.Shipped) {
        await this.orders.move(storeId, order.id, OrderStatus.Delivered, {
          db: trx,
          by: { actor: by, note: `cash collected, remittance ${reference}` },
        });
      }
      await within?.(trx, order);
      const row = await trx.selectFrom('cod_orders').selectAll().where('order_id', '=', order.id).executeTakeFirst();
      if (!row) throw new Error('The COD order just written could not be read back.');
      return row;
    });
  }

  /** An undelivered COD parcel came back (RTO): the order is cancelled with that reason, its stock returned. */
  async returnedToOrigin(
    storeId: string,
    orderId: string,
    by: string,
    within?: (trx: Database, before: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    return writeTransaction(this.db, async (trx) => {
      const order = await this.orders.findRow(storeId, orderId, trx);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!isCodOrder(order.payment_provider)) throw conflict(NOT_COD);
      if (order.status !== OrderStatus.Shipped)
        throw conflict('Only a Shipped order can be marked returned to origin.');
      // The reason is what lets a Shipped order be cancelled (orders' isReturnToOrigin), as a courier's RTO does.
      const moved = await this.orders.move(storeId, order.id, OrderStatus.Cancelled, {
        db: trx,
        cancelReason: RETURNED_TO_ORIGIN_REASON,
        by: { actor: by, note: RETURNED_TO_ORIGIN_REASON },
      });
      await within?.(trx, order);
      return moved;
    });
  }

  /** The COD rows of these orders (the back office shows the cash collected). */
  async ofOrders(orderIds: string[]): Promise<Map<string, CodOrderRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('cod_orders').selectAll().where('order_id', 'in', orderIds).execute();
    return new Map(rows.map((row) => [row.order_id, row]));
  }

  private async ownCodOrder(storeId: string, user: UserRow, orderId: string) {
    const order = await this.orders.findRow(storeId, orderId);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (!isCodOrder(order.payment_provider)) throw conflict(NOT_COD);
    const cod = await this.db.selectFrom('cod_orders').selectAll().where('order_id', '=', order.id).executeTakeFirst();
    if (!cod) throw conflict(NOT_COD);
    return { order, cod };
  }

  private refuseUnlessAwaiting(order: OrderRow): void {
    if (order.status === OrderStatus.Cancelled) {
      throw conflict(
        `This order was cancelled${order.cancel_reason ? ` (${order.cancel_reason.toLowerCase()})` : ''}.`,
      );
    }
    if (order.status !== OrderStatus.Pending) throw conflict('This order is already confirmed.');
  }
}
