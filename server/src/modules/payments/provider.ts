import type { PaymentField, PaymentResponse } from '@store/contract';
import type { OrderRow, UserRow } from '../../db/schema.js';
import type { Store } from '../stores/service.js';

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

/** The one standard outcome of a verified gateway callback. */
export interface PaymentOutcome {
  orderId: string;
  /** The provider's reference for this attempt (txnid, UTR …): a replay carries the same one. */
  reference: string;
  /** What the gateway says was paid, in paise. */
  amount: number;
  status: 'success' | 'failed';
  detail: Record<string, string>;
}

/** A payment gateway behind one interface: the fields it asks for, how a payment starts, how its callback is verified. */
export interface PaymentProvider {
  readonly name: string;
  fields(store: Store): PaymentField[];
  start(payment: PaymentStart): Promise<PaymentResponse>;
  /** Checks a callback's signature and reads it; throws a 400 HttpError when it is not genuine. */
  verifyCallback?(config: PaymentConfig, body: Record<string, string>): PaymentOutcome;
}

/** A store's payment settings; secrets live here and never leave the server. */
export interface PaymentConfig {
  sandboxSecret: string;
  payuKey?: string;
  payuSalt?: string;
  /** The gateway's `_payment` URL (test: https://test.payu.in/_payment). */
  payuUrl?: string;
  /** The merchant's UPI id (VPA), e.g. netkart@okaxis. */
  upiVpa?: string;
  upiPayee?: string;
}

const ENV_SETTINGS: Record<Exclude<keyof PaymentConfig, 'sandboxSecret'>, string> = {
  payuKey: 'PAYU_KEY',
  payuSalt: 'PAYU_SALT',
  payuUrl: 'PAYU_URL',
  upiVpa: 'UPI_VPA',
  upiPayee: 'UPI_PAYEE',
};

/** The settings kept in the store's row, as the merchant last set them. */
export const storedPaymentConfig = (store: Store): PaymentConfig => JSON.parse(store.payment_config_json);

/** The store's settings; for the default store, the environment's PAYU_… and UPI_… settings win. */
export function paymentConfigOf(store: Store, env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const stored = storedPaymentConfig(store);
  if (!store.is_default) return stored;
  const fromEnv = Object.fromEntries(
    Object.entries(ENV_SETTINGS)
      .map(([setting, variable]) => [setting, env[variable]?.trim()])
      .filter(([, value]) => value),
  );
  return { ...stored, ...fromEnv };
}

/** The provider a store runs: its setting, or PAYMENT_PROVIDER for the default store. */
export function providerNameOf(store: Store, env: NodeJS.ProcessEnv = process.env): string {
  return (store.is_default && env.PAYMENT_PROVIDER?.trim()) || store.payment_provider;
}
