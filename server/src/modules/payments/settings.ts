import { z } from 'zod';
import type { Store } from '../stores/service.js';
import type { PaymentConfig } from './provider.js';

/** The providers a store can run, by name. */
export const PROVIDER_NAMES = ['sandbox', 'upi', 'payu'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** A UPI id: a handle, '@', the bank's or app's code (NPCI: letters, digits, '.', '-', '_'). */
const Vpa = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, { error: 'A UPI id looks like netkart@okaxis.' });

/** What a merchant may set for a store's payments; each provider checks it has what it needs. */
export const PaymentSettingsInput = z
  .object({
    provider: z.enum(PROVIDER_NAMES, { error: `The provider is one of ${PROVIDER_NAMES.join(', ')}.` }),
    upiVpa: Vpa.optional(),
    upiPayee: z.string().trim().min(1).max(100, { error: 'The payee name must be at most 100 characters.' }).optional(),
    payuKey: z
      .string()
      .trim()
      .regex(/^\w{4,64}$/, { error: 'A PayU key is 4 to 64 letters and digits.' })
      .optional(),
    payuSalt: z.string().trim().min(8, { error: 'A PayU salt has at least 8 characters.' }).max(256).optional(),
    payuUrl: z
      .url({
        protocol: /^https$/,
        error: "PayU's address must be an https:// URL, like https://test.payu.in/_payment.",
      })
      .optional(),
  })
  .check((context) => {
    const settings = context.value;
    if (settings.provider === 'upi' && !settings.upiVpa) {
      context.issues.push({
        code: 'custom',
        input: settings,
        message: 'UPI needs the UPI id that receives the money (--upi-vpa).',
      });
    }
  });

export type PaymentSettingsInput = z.output<typeof PaymentSettingsInput>;

/** The store's settings after a change: new values over the old, the sandbox's own secret kept. */
export function mergedPaymentConfig(current: PaymentConfig, change: PaymentSettingsInput): PaymentConfig {
  const { provider: _provider, ...values } = change;
  const merged = {
    ...current,
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
  };
  if (change.provider === 'payu' && (!merged.payuKey || !merged.payuSalt || !merged.payuUrl)) {
    throw new PaymentSettingsError('PayU needs its key, salt and address (--payu-key, --payu-salt, --payu-url).');
  }
  return merged;
}

export class PaymentSettingsError extends Error {}

/** The settings as a merchant may see them printed: secrets only as set or not. */
export function describePaymentSettings(store: Store, config: PaymentConfig, provider: string): Record<string, string> {
  const secret = (value: string | undefined) => (value ? 'set (hidden)' : 'not set');
  return {
    provider,
    upiVpa: config.upiVpa ?? 'not set',
    upiPayee: config.upiPayee ?? `not set (payers see ${store.store_name})`,
    payuKey: config.payuKey ?? 'not set',
    payuSalt: secret(config.payuSalt),
    payuUrl: config.payuUrl ?? 'not set',
  };
}
