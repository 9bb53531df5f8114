import type { AdminPaymentSettings } from '@netkart/contract';
import type { Store } from '../stores/service.js';
import { paymentVariableNames } from './environment.js';
import type { PaymentProvider } from './provider.js';
import { providerNamed, registeredProviders, unknownProviderMessage } from './registry.js';
import type { PaymentService } from './service.js';
import { checkedValues, describeSettings, mergedSettings, ownSettings, PaymentSettingsError } from './settings.js';
import { type SettingsByProvider, storedEntry } from './stored-settings.js';

/** A merchant's change of provider and settings, checked: what to store, and which settings it changed. */
export interface SettingsChange {
  provider: PaymentProvider;
  /**
   * The entries the change writes: each provider given a value, its whole entry after the change under
   * its name (the stores module writes them over those entries alone).
   */
  config: SettingsByProvider;
  /** The keys of the settings given, never their values (they may be secret). */
  changed: string[];
}

/**
 * Checks a merchant's choice (CLI or back office): the provider exists, each value given keeps its
 * own provider's rule, and the chosen provider then has everything it needs. Changes nothing.
 */
export function settingsChange(store: Store, name: string, given: Record<string, string | undefined>): SettingsChange {
  const provider = providerNamed(name);
  if (!provider) throw new PaymentSettingsError(unknownProviderMessage(name), { cause: 'provider' });
  const config: SettingsByProvider = {};
  const changed: string[] = [];
  for (const each of registeredProviders()) {
    const values = checkedValues(each, given);
    if (Object.keys(values).length === 0) continue;
    config[each.name] = mergedSettings(storedEntry(store, each), values);
    changed.push(...Object.keys(values));
  }
  const after = config[provider.name] ?? storedEntry(store, provider);
  const ready = provider.settings.complete.safeParse(ownSettings(provider, after));
  if (!ready.success) {
    const issue = ready.error.issues[0];
    throw new PaymentSettingsError(issue?.message ?? 'These settings are not complete.', {
      cause: issue?.path.join('.') || undefined,
    });
  }
  return { provider, config, changed };
}

/** The store's provider and every provider's settings, as `store payments show` prints them. */
export function printedSettings(store: Store, payments: PaymentService): Record<string, string> {
  const provider = payments.providerNameFor(store);
  return {
    provider: provider === 'none' ? 'none (shoppers cannot pay online yet)' : provider,
    ...Object.assign(
      {},
      ...registeredProviders().map((each) => describeSettings(store, each, payments.settingsFor(store, each))),
    ),
  };
}

/** The back office's view: the providers and their declared settings, values by key, secrets only as set. */
export function adminPaymentSettings(store: Store, payments: PaymentService): AdminPaymentSettings {
  const values: Record<string, string | boolean | null> = {};
  for (const provider of registeredProviders()) {
    const settings = payments.settingsFor(store, provider);
    for (const field of provider.settings.fields) {
      if (field.secret) values[`${field.key}Set`] = Boolean(settings[field.key]);
      else values[field.key] = settings[field.key] ?? null;
    }
  }
  const fromEnvironment = store.is_default
    ? paymentVariableNames().filter((variable) => process.env[variable]?.trim())
    : [];
  // The values sit beside the declared members by their keys (the contract's catch-all), which TypeScript cannot check.
  return {
    ...values,
    provider: payments.providerNameFor(store),
    mode: payments.modeOf(store),
    providers: registeredProviders().map((provider) => ({
      name: provider.name,
      title: provider.title,
      note: provider.note,
      test: provider.test,
      settings: provider.settings.fields.map((field) => ({
        key: field.key,
        label: field.label,
        ...(field.hint ? { hint: field.hint } : {}),
        secret: field.secret ?? false,
        input: field.input ?? 'text',
      })),
    })),
    fromEnvironment,
  } as AdminPaymentSettings;
}
