import type { PaymentField, PaymentProviderName, PaymentResponse } from '@store/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OrderRow, UserRow } from '../../db/schema.js';
import type { Store } from '../stores/service.js';
import type { PaymentConfig } from './settings.js';

/** What a provider is told when a shopper starts paying for an order. */
export interface PaymentStart {
  store: Store;
  config: PaymentConfig;
  order: OrderRow;
  user: UserRow;
  /** The payer's answers to the provider's fields. */
  fields: Record<string, string>;
  /** This server's public origin, e.g. https://api.shop.example, for return and callback URLs. */
  origin: string;
  /** True when the payer is on a phone (UPI answers with a deeplink there, a QR elsewhere). */
  mobile: boolean;
}

/** The one standard outcome of a verified gateway callback (Medusa's webhook outcomes, in small). */
export interface PaymentOutcome {
  orderId: string;
  /** The provider's reference for this attempt (txnid, UTR …): a replay carries the same one. */
  reference: string;
  /** What the gateway says was paid, in paise. */
  amount: number;
  /** 'pending': the gateway will say later (PayU); the same reference may then succeed or fail. */
  status: 'success' | 'failed' | 'pending';
  /** The gateway's words for a failure, shown to the payer. */
  reason?: string;
  detail: Record<string, string>;
  /** Who recorded it when it is not the gateway: 'merchant', 'staff:asha@…'. */
  recordedBy?: string;
}

/** What a provider's own routes (hosted pages, callbacks) may use. */
export interface ProviderRouteKit {
  /** The store's settings for this provider, or a 404 when the store does not run it. */
  settingsFor(request: FastifyRequest, options?: { evenIfSwitched?: boolean }): PaymentConfig;
  /** Records a verified outcome and sends the payer back to the shop with the truth of it. */
  finish(request: FastifyRequest, reply: FastifyReply, outcome: PaymentOutcome): Promise<FastifyReply>;
}

/**
 * A payment gateway in one object (Vendure's PaymentMethodHandler): its name, the settings it
 * needs, the fields it asks the payer for, how a payment starts, and its own routes under
 * /api/v1/payments/{name}/. The registry lists them; nothing else spells their names.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the merchant is told it is, in `store payments set --help`. */
  readonly description: string;
  /** A test gateway: no real money; its payments are marked TEST wherever the merchant sees them. */
  readonly test: boolean;
  /** The settings it needs, checked when the merchant sets them and when the server starts. */
  readonly settings: z.ZodType<unknown>;
  fields(store: Store): PaymentField[];
  start(payment: PaymentStart): Promise<PaymentResponse>;
  routes?(app: FastifyInstance, kit: ProviderRouteKit): void;
}
