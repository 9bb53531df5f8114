import { randomUUID } from 'node:crypto';
import type { PaymentRequest as PaymentRequestSchema } from '@store/contract';
import { OrderStatus, type PaymentField, type PaymentRequest, type PaymentResponse } from '@store/contract';
import type { z } from 'zod';
import type { Database, OrderRow, PaymentRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { nowIso } from '../../http/ids.js';
import { ORDER_NOT_FOUND, type OrderService } from '../orders/service.js';
import type { Store } from '../stores/service.js';
import { type PaymentOutcome, type PaymentProvider, paymentConfigOf, providerNameOf } from './provider.js';

export type PaymentInput = z.output<typeof PaymentRequestSchema>;

export const NOT_AWAITING_PAYMENT = 'This order is not awaiting payment.';

/** What recording a payment did: `replayed` when the provider's reference was seen before (nothing changed). */
export interface RecordedPayment {
  order: OrderRow;
  status: 'success' | 'failed';
  replayed: boolean;
}

export class PaymentService {
  private readonly providers: Map<string, PaymentProvider>;

  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    providers: PaymentProvider[],
  ) {
    this.providers = new Map(providers.map((provider) => [provider.name, provider]));
  }

  providerFor(store: Store): PaymentProvider {
    const provider = this.providers.get(providerNameOf(store)) ?? this.providers.get('sandbox');
    if (!provider) throw new Error(`No payment provider '${store.payment_provider}' is configured.`);
    return provider;
  }

  provider(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  fields(store: Store): { provider: string; fields: PaymentField[] } {
    const provider = this.providerFor(store);
    return { provider: provider.name, fields: provider.fields(store) };
  }

  /** Only the order's owner may pay, and only while the order is Pending. */
  async start(
    store: Store,
    user: UserRow,
    input: PaymentInput,
    context: { origin: string; mobile: boolean },
  ): Promise<PaymentResponse> {
    const order = await this.orders.findRow(store.id, input.orderId);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== OrderStatus.Pending) throw conflict(NOT_AWAITING_PAYMENT);
    const config = paymentConfigOf(store);
    return this.providerFor(store).start({ store, config, order, user, fields: input.fields, ...context });
  }

  /** Verifies a gateway's callback with the provider that the callback names, then records it. */
  async handleCallback(store: Store, providerName: string, body: Record<string, string>): Promise<RecordedPayment> {
    const provider = this.providers.get(providerName);
    if (!provider?.verifyCallback) throw notFound();
    const outcome = provider.verifyCallback(paymentConfigOf(store), body);
    return this.record(store.id, providerName, outcome);
  }

  /** A payment confirmed outside a gateway (a UPI transfer, by its UTR): the full amount, successful. */
  async recordManualPayment(
    storeId: string,
    orderId: string,
    payment: { provider: string; reference: string },
  ): Promise<RecordedPayment> {
    const order = await this.orders.findRow(storeId, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return this.record(storeId, payment.provider, {
      orderId: order.id,
      reference: payment.reference,
      amount: Number(order.total),
      status: 'success',
      detail: { recordedBy: 'merchant' },
    });
  }

  /**
   * Records an outcome once: a replay (same provider and reference) changes nothing; a wrong
   * amount or an order that is not Pending changes nothing either. A success moves the order to
   * Processing in the same transaction as the payment row.
   */
  async record(storeId: string, providerName: string, outcome: PaymentOutcome): Promise<RecordedPayment> {
    const previous = await this.findPayment(providerName, outcome.reference);
    if (previous) return this.replayOf(storeId, previous);
    try {
      return await writeTransaction(this.db, async (trx) => {
        const order = await trx
          .selectFrom('orders')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', '=', outcome.orderId.toUpperCase())
          .executeTakeFirst();
        if (!order) throw new HttpError(400, 'The payment names an order we do not know.');
        if (outcome.amount !== Number(order.total)) {
          throw new HttpError(400, 'The amount paid does not match the order total.');
        }
        if (outcome.status === 'success' && order.status !== OrderStatus.Pending) throw conflict(NOT_AWAITING_PAYMENT);
        await trx
          .insertInto('payments')
          .values({
            id: randomUUID(),
            order_id: order.id,
            store_id: storeId,
            provider: providerName,
            reference: outcome.reference,
            amount: outcome.amount,
            status: outcome.status,
            detail_json: JSON.stringify(outcome.detail),
            created_at: nowIso(),
          })
          .execute();
        const moved =
          outcome.status === 'success'
            ? await this.orders.move(storeId, order.id, OrderStatus.Processing, { db: trx })
            : order;
        return { order: moved, status: outcome.status, replayed: false };
      });
    } catch (error) {
      // Two deliveries of one callback at once: the unique (provider, reference) lets only one in.
      const raced = await this.findPayment(providerName, outcome.reference);
      if (raced) return this.replayOf(storeId, raced);
      throw error;
    }
  }

  /** Every payment attempt recorded for an order, oldest first. */
  async listForOrder(storeId: string, orderId: string): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .orderBy('created_at')
      .execute();
  }

  private findPayment(provider: string, reference: string) {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  private async replayOf(
    storeId: string,
    payment: { order_id: string; status: 'success' | 'failed' },
  ): Promise<RecordedPayment> {
    const order = await this.orders.findRow(storeId, payment.order_id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { order, status: payment.status, replayed: true };
  }
}

export type { PaymentRequest };
