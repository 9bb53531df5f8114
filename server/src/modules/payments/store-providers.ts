import type { GatewayMethod, PaymentField } from '@netkart/contract';
import type { Store } from '../stores/service.js';
import type { HandReference, PaymentProvider, ProviderSettings } from './provider.js';
import { providerNamed, registeredProviders, TRANSFER_PROVIDER, unknownProviderMessage } from './registry.js';
import { ownSettings, type PaymentEnvironment, type StoreProvider } from './settings.js';
import { storedEntry } from './stored-settings.js';

/** The reference staff give to mark an order paid by hand, and the provider it is recorded under. */
export interface StaffReference extends HandReference {
  provider: PaymentProvider;
}

/**
 * Which provider each store runs and with which settings: the store's own choice, or for the
 * default store the environment's (PAYMENT_PROVIDER and each provider's variables win).
 */
export class StoreProviders {
  constructor(protected readonly environment: PaymentEnvironment) {}

  /** The provider a store runs: its own setting, or PAYMENT_PROVIDER for the default store. */
  providerNameFor(store: Store): StoreProvider {
    if (store.is_default && this.environment.provider) return this.environment.provider;
    const name = store.payment_provider;
    if (name === 'none' || providerNamed(name)) return name;
    throw new Error(`Store ${store.host}: ${unknownProviderMessage(name)}`);
  }

  providerFor(store: Store): PaymentProvider | undefined {
    const name = this.providerNameFor(store);
    return name === 'none' ? undefined : providerNamed(name);
  }

  /** The settings a store keeps for one provider, as the merchant last set them: its own entry, its own keys. */
  storedSettings(store: Store, provider: PaymentProvider): ProviderSettings {
    return ownSettings(provider, storedEntry(store, provider));
  }

  /** A provider's settings for a store; for the default store, the environment's variables win. */
  settingsFor(store: Store, provider: PaymentProvider): ProviderSettings {
    const stored = this.storedSettings(store, provider);
    return store.is_default ? { ...stored, ...ownSettings(provider, this.environment.settings) } : stored;
  }

  /** The setting keys the environment gives this store (the default store only). */
  settingsFromEnvironment(store: Store): string[] {
    return store.is_default ? Object.keys(this.environment.settings) : [];
  }

  /**
   * The reference staff give to mark a store's order paid: its provider's own (UPI: a UTR; PayU: a
   * lost answer by PayU's id), else a transfer to the shop's UPI id by its UTR.
   */
  staffReferenceFor(store: Store): StaffReference {
    const provider = this.providerFor(store);
    const confirmation = provider?.confirmation;
    if (provider && confirmation && 'byHand' in confirmation) return { ...confirmation.byHand.reference, provider };
    if (provider && confirmation && 'lostAnswer' in confirmation && confirmation.lostAnswer) {
      return { ...confirmation.lostAnswer, provider };
    }
    const transfer = TRANSFER_PROVIDER.confirmation;
    if (!('byHand' in transfer)) throw new Error(`${TRANSFER_PROVIDER.name} is not confirmed by hand.`);
    return { ...transfer.byHand.reference, provider: TRANSFER_PROVIDER };
  }

  /** What the storefront tells shoppers: test (sandbox), live, or none (orders wait for the shop). */
  modeOf(store: Store): 'test' | 'live' | 'none' {
    const provider = this.providerFor(store);
    if (!provider) return 'none';
    return provider.test ? 'test' : 'live';
  }

  /**
   * Checks every store's provider and settings, as the server starts: an unknown provider or
   * missing settings stop it; a store in test mode or without payments is worth a line in the log.
   */
  checkStores(stores: Store[]): string[] {
    const notes: string[] = [];
    for (const store of stores) {
      const provider = this.providerFor(store);
      if (!provider) {
        notes.push(
          `${store.store_name} (${store.host}) takes no online payment yet: orders wait for you to confirm them. Choose a provider with \`npm run store -- payments set\`.`,
        );
        continue;
      }
      const checked = provider.settings.complete.safeParse(this.settingsFor(store, provider));
      if (!checked.success) {
        throw new Error(`Store ${store.host} runs ${provider.name}: ${checked.error.issues[0]?.message}`);
      }
      if (provider.test) {
        notes.push(
          `${store.store_name} (${store.host}) uses the sandbox gateway: test payments only, no real money moves.`,
        );
      }
    }
    return notes;
  }

  /** Every provider the shop can run. */
  providers(): readonly PaymentProvider[] {
    return registeredProviders();
  }

  fields(store: Store): { provider: StoreProvider; fields: PaymentField[]; methods: GatewayMethod[] } {
    const provider = this.providerFor(store);
    if (!provider) return { provider: 'none', fields: [], methods: [] };
    return {
      provider: provider.name,
      fields: provider.fields(store),
      methods: [{ id: provider.name, ...provider.method }],
    };
  }
}
