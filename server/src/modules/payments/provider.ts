import type { PaymentField, PaymentResponse } from '@store/contract';
import type { OrderRow, UserRow } from '../../db/schema.js';
import type { Store } from '../stores/service.js';

/** What a provider is told when a shopper starts paying for an order. */
export interface PaymentStart {
  store: Store;
  order: OrderRow;
  user: UserRow;
  /** The payer's answers to the provider's fields. */
  fields: Record<string, string>;
  /** This server's public origin, e.g. https://api.shop.example, for return and callback URLs. */
  origin: string;
  /** True when the payer is on a phone (UPI answers with a deeplink there, a QR elsewhere). */
  mobile: boolean;
}

/** A payment gateway behind one interface: the fields it asks for and how a payment starts. */
export interface PaymentProvider {
  readonly name: string;
  fields(store: Store): PaymentField[];
  start(payment: PaymentStart): Promise<PaymentResponse>;
}

/** A store's payment settings; secrets live here and never leave the server. */
export interface PaymentConfig {
  sandboxSecret: string;
  [setting: string]: string;
}

export function paymentConfigOf(store: Store): PaymentConfig {
  return JSON.parse(store.payment_config_json) as PaymentConfig;
}
