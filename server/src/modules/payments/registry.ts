import { COD_CONFIRMATION, isCodOrder } from './cod/confirmation.js';
import { type ByHandConfirmation, type PaymentProvider, waitsByHand } from './provider.js';
import { payuProvider } from './providers/payu/index.js';
import { razorpayProvider } from './providers/razorpay/index.js';
import { sandboxProvider } from './providers/sandbox/index.js';
import { upiProvider } from './providers/upi/index.js';

/** Every payment provider the shop can run, in the order the merchant is shown them: one line each. */
const PROVIDERS: readonly PaymentProvider[] = [sandboxProvider, upiProvider, razorpayProvider, payuProvider];

/** The provider the demo store runs: a test gateway, so trying the shop moves no money. */
export const DEMO_PAYMENT_PROVIDER = sandboxProvider.name;

/**
 * The provider whose reference staff give for money that reached the shop outside its own gateway
 * (a store on a test gateway, or with no provider, records a UPI transfer by its UTR).
 */
export const TRANSFER_PROVIDER = upiProvider;

export const registeredProviders = (): readonly PaymentProvider[] => PROVIDERS;

export const providerNamed = (name: string): PaymentProvider | undefined =>
  PROVIDERS.find((provider) => provider.name === name);

export const unknownProviderMessage = (name: string) =>
  `'${name}' is not a payment provider. The providers are: ${PROVIDERS.map((provider) => provider.name).join(', ')}.`;

/** Whether the provider of a recorded payment is a test gateway (its payments are marked TEST). */
export const isTestProvider = (name: string): boolean => providerNamed(name)?.test ?? false;

/** Whether an order's unpaid wait is the by-hand one (UPI_PENDING_HOURS), by the provider kept on the order. */
export function paymentWaitsByHand(providerName: string | null): boolean {
  if (providerName === null || providerName === 'none') return true;
  const provider = providerNamed(providerName);
  return provider !== undefined && waitsByHand(provider);
}

/** How a provider's payments are confirmed by hand (what shopper and merchant are told), or undefined. */
export function byHandConfirmationOf(providerName: string | null): ByHandConfirmation | undefined {
  if (isCodOrder(providerName)) return COD_CONFIRMATION;
  const provider = providerName === null ? undefined : providerNamed(providerName);
  return provider && 'byHand' in provider.confirmation ? provider.confirmation.byHand : undefined;
}

/** Every origin a provider's pages post the payer's form to (the shop's content security policy allows them). */
export const paymentFormActions = (): string[] => PROVIDERS.flatMap((provider) => provider.formActions ?? []);
