import { z } from 'zod';
import { registeredProviders, unknownProviderMessage } from './registry.js';
import type { PaymentEnvironment } from './settings.js';

const blankIsUnset = (rule: z.ZodType<string>) =>
  z.preprocess((value) => (value === '' ? undefined : value), rule.optional());

export const ProviderName = z.string().refine((name) => registeredProviders().some((p) => p.name === name), {
  error: (issue) => unknownProviderMessage(String(issue.input)),
});

/** Every setting a provider reads from the environment, by its variable. */
const variables = () =>
  registeredProviders().flatMap((provider) =>
    provider.settings.fields.flatMap((field) => (field.variable ? [{ variable: field.variable, field }] : [])),
  );

/**
 * The environment's payment variables, each checked by its provider's own rule: PAYMENT_PROVIDER
 * (the default store's provider; a misspelling stops the server) and each provider's settings.
 */
export const PAYMENT_VARIABLES = {
  PAYMENT_PROVIDER: z.preprocess((value) => (value === '' ? undefined : value), ProviderName.optional()),
  ...Object.fromEntries(variables().map(({ variable, field }) => [variable, blankIsUnset(field.rule)])),
} as Record<string, z.ZodType<string | undefined>>;

/** The names of the payment variables, for help texts. */
export const paymentVariableNames = (): string[] => Object.keys(PAYMENT_VARIABLES);

/** The default store's payments as the (checked) environment gives them. */
export function paymentEnvironmentOf(checked: Record<string, unknown>): PaymentEnvironment {
  const provider = checked.PAYMENT_PROVIDER;
  const settings = Object.fromEntries(
    variables()
      .map(({ variable, field }) => [field.key, checked[variable]] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string'),
  );
  return { ...(typeof provider === 'string' ? { provider } : {}), settings };
}
