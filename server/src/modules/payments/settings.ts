import type { Store } from '../stores/service.js';
import type { PaymentProvider, ProviderSettings } from './provider.js';

/** A store's provider: one of the registry's names, or 'none' until the merchant chooses one. */
export type StoreProvider = string;

/** The default store's payments as the environment sets them, read and checked once at start. */
export interface PaymentEnvironment {
  provider?: string;
  /** Each given setting by its key (every provider's keys are its own). */
  settings: ProviderSettings;
}

export const NO_PAYMENT_ENVIRONMENT: PaymentEnvironment = { settings: {} };

export class PaymentSettingsError extends Error {}

/** The provider's own keys out of a bag of settings (the environment's, or a merchant's form). */
export function ownSettings(provider: PaymentProvider, values: Record<string, unknown>): ProviderSettings {
  const own: ProviderSettings = {};
  for (const key of [...provider.settings.fields.map((field) => field.key), ...(provider.settings.kept ?? [])]) {
    const value = values[key];
    if (typeof value === 'string') own[key] = value;
  }
  return own;
}

/**
 * Checks each value given for a provider by its own rule. Throws the first rule's message, with the
 * setting's key, so the CLI and the back office can say which one.
 */
export function checkedValues(provider: PaymentProvider, given: Record<string, string | undefined>): ProviderSettings {
  const checked: ProviderSettings = {};
  for (const field of provider.settings.fields) {
    const value = given[field.key];
    if (value === undefined) continue;
    const result = field.rule.safeParse(value);
    if (!result.success)
      throw new PaymentSettingsError(result.error.issues[0]?.message ?? 'Invalid.', { cause: field.key });
    checked[field.key] = result.data;
  }
  return checked;
}

/** The provider's settings after a change: new values over the old, what it keeps for itself untouched. */
export const mergedSettings = (current: ProviderSettings, change: ProviderSettings): ProviderSettings => ({
  ...current,
  ...change,
});

/** The provider's settings as a merchant may see them printed: secrets only as set or not. */
export function describeSettings(store: Store, provider: PaymentProvider, settings: ProviderSettings) {
  return Object.fromEntries(
    provider.settings.fields.map((field) => {
      const value = settings[field.key];
      if (field.secret) return [field.key, value ? 'set (hidden)' : 'not set'];
      return [field.key, value ?? (field.unsetNote ? `not set (${field.unsetNote(store)})` : 'not set')];
    }),
  );
}
