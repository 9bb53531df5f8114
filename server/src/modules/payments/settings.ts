import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@store/contract';
import { z } from 'zod';
import type { Store } from '../stores/service.js';

/** A store's payment settings as kept in its row; secrets live here and never leave the server. */
export interface PaymentConfig {
  /** The sandbox gateway's signing key, made when the store is created. */
  sandboxSecret?: string;
  payuKey?: string;
  payuSalt?: string;
  /** The gateway's `_payment` URL (test: https://test.payu.in/_payment). */
  payuUrl?: string;
  /** The merchant's UPI id (VPA), e.g. netkart@okaxis. */
  upiVpa?: string;
  upiPayee?: string;
}

/** A store's provider: one of the registry's, or 'none' until the merchant chooses one. */
export type StoreProvider = PaymentProviderName | 'none';

/** A UPI id: a handle, '@', the bank's or app's code (NPCI: letters, digits, '.', '-', '_'). */
const Vpa = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, { error: 'A UPI id looks like netkart@okaxis.' });

/** Each setting's own rule, shared by the `store` command, the environment and the providers. */
export const SETTING_RULES = {
  upiVpa: Vpa,
  upiPayee: z.string().trim().min(1).max(100, { error: 'The payee name must be at most 100 characters.' }),
  payuKey: z
    .string()
    .trim()
    .regex(/^\w{4,64}$/, { error: 'A PayU key is 4 to 64 letters and digits.' }),
  payuSalt: z.string().trim().min(8, { error: 'A PayU salt has at least 8 characters.' }).max(256),
  payuUrl: z.url({
    protocol: /^https$/,
    error: "PayU's address must be an https:// URL, like https://test.payu.in/_payment.",
  }),
} as const;

/** The environment variable of each setting: for the default store they win over the stored ones. */
export const SETTING_VARIABLES: Record<keyof typeof SETTING_RULES, string> = {
  upiVpa: 'UPI_VPA',
  upiPayee: 'UPI_PAYEE',
  payuKey: 'PAYU_KEY',
  payuSalt: 'PAYU_SALT',
  payuUrl: 'PAYU_URL',
};

export const unknownProviderMessage = (name: string) =>
  `'${name}' is not a payment provider. The providers are: ${PAYMENT_PROVIDERS.join(', ')}.`;

export const ProviderName = z.enum(PAYMENT_PROVIDERS, {
  error: (issue) => unknownProviderMessage(String(issue.input)),
});

/** What a merchant may set for a store's payments; the provider then checks it has what it needs. */
export const PaymentSettingsInput = z.object({
  provider: ProviderName,
  upiVpa: SETTING_RULES.upiVpa.optional(),
  upiPayee: SETTING_RULES.upiPayee.optional(),
  payuKey: SETTING_RULES.payuKey.optional(),
  payuSalt: SETTING_RULES.payuSalt.optional(),
  payuUrl: SETTING_RULES.payuUrl.optional(),
});
export type PaymentSettingsInput = z.output<typeof PaymentSettingsInput>;

/** The default store's payments as the environment sets them, read and checked once at start. */
export interface PaymentEnvironment {
  provider?: PaymentProviderName;
  settings: Partial<PaymentConfig>;
}

export const NO_PAYMENT_ENVIRONMENT: PaymentEnvironment = { settings: {} };

/** The settings kept in the store's row, as the merchant last set them. */
export const storedPaymentConfig = (store: Store): PaymentConfig => JSON.parse(store.payment_config_json);

/** The store's settings after a change: new values over the old, the sandbox's own secret kept. */
export function mergedPaymentConfig(current: PaymentConfig, change: PaymentSettingsInput): PaymentConfig {
  const { provider: _provider, ...values } = change;
  return {
    ...current,
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
  };
}

export class PaymentSettingsError extends Error {}

/** The settings as a merchant may see them printed: secrets only as set or not. */
export function describePaymentSettings(
  store: Store,
  config: PaymentConfig,
  provider: StoreProvider,
): Record<string, string> {
  const secret = (value: string | undefined) => (value ? 'set (hidden)' : 'not set');
  return {
    provider: provider === 'none' ? 'none (shoppers cannot pay online yet)' : provider,
    upiVpa: config.upiVpa ?? 'not set',
    upiPayee: config.upiPayee ?? `not set (payers see ${store.store_name})`,
    payuKey: config.payuKey ?? 'not set',
    payuSalt: secret(config.payuSalt),
    payuUrl: config.payuUrl ?? 'not set',
  };
}
