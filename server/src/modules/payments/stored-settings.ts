import type { Store } from '../stores/service.js';
import type { PaymentProvider, ProviderSettings } from './provider.js';
import { registeredProviders } from './registry.js';

// A store keeps each provider's settings under the provider's own name (`{ "upi": { "upiVpa": … } }`):
// a provider reads and writes its own entry alone, so two providers may use the same key without meeting.

/** Each provider's settings entry, by the provider's name. */
export type SettingsByProvider = Record<string, ProviderSettings>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A provider's entry as the store keeps it: its text values, whatever their keys. */
export function storedEntry(store: Store, provider: PaymentProvider): ProviderSettings {
  const stored: unknown = JSON.parse(store.payment_config_json);
  const entry = isObject(stored) ? stored[provider.name] : undefined;
  if (!isObject(entry)) return {};
  return Object.fromEntries(
    Object.entries(entry).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

/** A new store's first payment settings: those each provider makes for itself (the sandbox's signing key). */
export function newStoreSettings(): SettingsByProvider {
  return Object.fromEntries(
    registeredProviders().flatMap((provider) =>
      provider.settings.initial ? [[provider.name, provider.settings.initial()]] : [],
    ),
  );
}
