import type { PaymentProviderName } from '@store/contract';
import type { PaymentProvider } from './provider.js';
import { payuProvider } from './providers/payu.js';
import { sandboxProvider } from './providers/sandbox.js';
import { upiProvider } from './providers/upi.js';

/** Every payment provider the shop can run, by its name (the contract's list: a missing one does not compile). */
export const PAYMENT_PROVIDER_REGISTRY: Readonly<Record<PaymentProviderName, PaymentProvider>> = {
  sandbox: sandboxProvider,
  upi: upiProvider,
  payu: payuProvider,
};

export const registeredProviders = (): PaymentProvider[] => Object.values(PAYMENT_PROVIDER_REGISTRY);
