import type { PaymentRequest as PaymentRequestSchema } from '@store/contract';
import { OrderStatus, type PaymentField, type PaymentRequest, type PaymentResponse } from '@store/contract';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { ORDER_NOT_FOUND, type OrderService } from '../orders/service.js';
import type { Store } from '../stores/service.js';
import type { PaymentProvider } from './provider.js';

export type PaymentInput = z.output<typeof PaymentRequestSchema>;

export class PaymentService {
  private readonly providers: Map<string, PaymentProvider>;

  constructor(
    private readonly orders: OrderService,
    providers: PaymentProvider[],
  ) {
    this.providers = new Map(providers.map((provider) => [provider.name, provider]));
  }

  providerFor(store: Store): PaymentProvider {
    const provider = this.providers.get(store.payment_provider) ?? this.providers.get('sandbox');
    if (!provider) throw new Error(`No payment provider '${store.payment_provider}' is configured.`);
    return provider;
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
    if (order.status !== OrderStatus.Pending) throw conflict('This order is not awaiting payment.');
    return this.providerFor(store).start({ store, order, user, fields: input.fields, ...context });
  }
}

export type { PaymentRequest };
