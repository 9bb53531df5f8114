import type { CourierProvider } from './provider.js';
import { shiprocketProvider } from './providers/shiprocket/index.js';

/** Every courier service the shop can book through: one line each. */
const PROVIDERS: readonly CourierProvider[] = [shiprocketProvider];

export const courierProviders = (): readonly CourierProvider[] => PROVIDERS;

export const courierProviderNamed = (name: string): CourierProvider | undefined =>
  PROVIDERS.find((provider) => provider.name === name);

export const unknownCourierMessage = (name: string) =>
  `'${name}' is not a courier service the shop books through. The services are: ${PROVIDERS.map((p) => p.name).join(', ')}.`;
