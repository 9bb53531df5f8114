import { z } from 'zod';
import { stateByName } from './gst.js';
import { formatRupees } from './money.js';

/** How a shopper pays for an order: online (the store's provider) or cash on delivery. */
export const PaymentMethod = z.enum(['online', 'cod'], { error: "paymentMethod must be 'online' or 'cod'." });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The name a COD order keeps as its payment provider: a method beside the store's online provider. */
export const COD_PAYMENT = 'cod';

/** A PIN code or the start of one (1 to 6 digits, not starting with 0): '400001', '4000', '56'. */
const PinOrPrefix = z
  .string({ error: 'Each PIN must be text, like "400001" or the prefix "4000".' })
  .trim()
  .regex(/^[1-9][0-9]{0,5}$/, {
    error: 'A PIN is 6 digits, or its first 1 to 5 digits as a prefix; not starting with 0.',
  });

const Rupees = (label: string) =>
  z
    .number({ error: `${label} must be a number of rupees.` })
    .nonnegative({ error: `${label} cannot be negative.` })
    .max(10_000_000, { error: `${label} must be at most ₹1,00,00,000.` })
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1000) / 1000), {
      error: `${label} has at most two decimals (paise).`,
    });

/** The fee a COD order pays: a flat amount in rupees, or a percentage of the goods. Tax-inclusive. */
export const CodFeeRule = z.union(
  [
    z.object({ flat: Rupees('fee.flat') }).strict(),
    z
      .object({
        percent: z
          .number({ error: 'fee.percent must be a number.' })
          .positive({ error: 'fee.percent must be above 0.' })
          .max(100, { error: 'fee.percent must be at most 100.' }),
      })
      .strict(),
  ],
  { error: 'fee is { "flat": 40 } (rupees) or { "percent": 2 }.' },
);
export type CodFeeRule = z.infer<typeof CodFeeRule>;

/**
 * A store's cash-on-delivery rules, as the merchant writes them (`store payments cod --file`):
 * money in rupees; PINs, PIN prefixes and states where it is offered (none given: everywhere).
 */
export const CodRules = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    minOrder: Rupees('minOrder').optional(),
    maxOrder: Rupees('maxOrder').optional(),
    fee: CodFeeRule.optional(),
    pincodes: z.array(PinOrPrefix).max(5000, { error: 'At most 5,000 PINs or prefixes.' }).optional(),
    states: z
      .array(
        z.string({ error: 'Each state must be text.' }).transform((value, context) => {
          const state = stateByName(value);
          if (state) return state.name;
          context.issues.push({
            code: 'custom',
            input: value,
            message: `"${value}" is not a state or union territory of India.`,
          });
          return z.NEVER;
        }),
      )
      .optional(),
    maxUnconfirmedPerShopper: z
      .number({ error: 'maxUnconfirmedPerShopper must be a whole number.' })
      .int({ error: 'maxUnconfirmedPerShopper must be a whole number.' })
      .min(1, { error: 'maxUnconfirmedPerShopper must be at least 1.' })
      .max(20, { error: 'maxUnconfirmedPerShopper must be at most 20.' })
      .optional(),
  })
  .strict()
  .refine((rules) => rules.minOrder === undefined || rules.maxOrder === undefined || rules.minOrder <= rules.maxOrder, {
    error: 'minOrder must not be above maxOrder.',
    path: ['minOrder'],
  });
export type CodRules = z.infer<typeof CodRules>;

/** A store that has set no rules: no cash on delivery. */
export const COD_OFF: CodRules = { enabled: false };

/** The demo store's rules: cash on delivery with a ₹40 fee, for orders up to ₹10,000. */
export const DEMO_COD_RULES: CodRules = { enabled: true, maxOrder: 10_000, fee: { flat: 40 } };

/** At most this many COD orders per shopper wait for their code unless the store says otherwise. */
export const DEFAULT_MAX_UNCONFIRMED_COD = 2;

/**
 * The COD fee of an order whose goods come to `itemsTotal` paise: paise, GST included (taxed at the
 * goods' rate when it is invoiced). Nothing when COD is off. A percentage is rounded to the paisa.
 */
export function codFee(rules: CodRules, itemsTotal: number): number {
  if (!rules.enabled || !rules.fee) return 0;
  if ('flat' in rules.fee) return Math.round(rules.fee.flat * 100);
  return Math.round((itemsTotal * rules.fee.percent) / 100);
}

/** Whether the rules offer COD at this PIN (and its state): both lists, where given, must allow it. */
export function codOfferedAt(rules: CodRules, pincode: string, state: string | undefined): boolean {
  if (!rules.enabled) return false;
  if (rules.pincodes?.length && !rules.pincodes.some((pin) => pincode.startsWith(pin))) return false;
  const named = (name: string) => stateByName(name)?.name ?? name;
  const states: readonly string[] = rules.states ?? [];
  if (states.length && !(state && states.some((each) => named(each) === named(state)))) return false;
  return true;
}

/** Why an order of `itemsTotal` paise may not be paid in cash on delivery, or undefined when it may. */
export function codRefusal(
  rules: CodRules,
  order: { itemsTotal: number; pincode: string; state: string | undefined },
): string | undefined {
  if (!rules.enabled) return 'Cash on delivery is not available at this shop.';
  if (rules.maxOrder !== undefined && order.itemsTotal > Math.round(rules.maxOrder * 100)) {
    return `Cash on delivery is available for orders up to ${formatRupees(rules.maxOrder)}.`;
  }
  if (rules.minOrder !== undefined && order.itemsTotal < Math.round(rules.minOrder * 100)) {
    return `Cash on delivery is available for orders of ${formatRupees(rules.minOrder)} or more.`;
  }
  if (!codOfferedAt(rules, order.pincode, order.state)) {
    return `Cash on delivery is not available for PIN code ${order.pincode}.`;
  }
  return undefined;
}

/** What the storefront is told of a store's COD (GET /payments/methods): enough to show the fee from the cart. */
export const CodOffer = z.object({
  enabled: z.boolean(),
  /** The fee rule as the merchant set it (rupees or percent); none: no fee. */
  fee: CodFeeRule.optional(),
  minOrder: z.number().optional(),
  maxOrder: z.number().optional(),
  /** False when COD is limited to some PINs or states (ask GET /pincodes/{pin} for one). */
  everywhere: z.boolean(),
});
export type CodOffer = z.infer<typeof CodOffer>;

export const PaymentMethodsResponse = z.object({
  /** The store's online provider, or 'none'. */
  online: z.string(),
  cod: CodOffer,
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

/** The shopper's 6-digit code (POST /orders/{id}/confirm-cod). */
export const ConfirmCodRequest = z.object({
  code: z
    .string({ error: 'code must be the 6 digits we sent.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'code must be the 6 digits we sent.' }),
});

/** What a COD order's confirmation answers: its state, and how many tries remain. */
export const CodConfirmationAnswer = z.object({
  confirmed: z.boolean(),
  triesLeft: z.number().int(),
  /** When a new code may be asked for (ISO), after a resend. */
  resendAfter: z.string().optional(),
});
export type CodConfirmationAnswer = z.infer<typeof CodConfirmationAnswer>;

/** What a shopper sees for a COD order waiting for its code. */
export const AWAITING_CONFIRMATION = 'Awaiting confirmation';

/** The order's phone as the shopper is reminded of it: +91 98… (the rest hidden). */
export const maskedPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '').slice(-10);
  return digits.length === 10 ? `+91 ${digits.slice(0, 2)}…${digits.slice(-2)}` : '';
};

/** The reason a COD order whose code never came back is cancelled with. */
export const COD_NOT_CONFIRMED_REASON = 'Cash on delivery not confirmed';

/** The rules as the back office reads them back (GET/PUT /admin/settings/cod): already checked, states by their names. */
export const AdminCodRules = z.object({
  enabled: z.boolean(),
  minOrder: z.number().optional(),
  maxOrder: z.number().optional(),
  fee: z.union([z.object({ flat: z.number() }), z.object({ percent: z.number() })]).optional(),
  pincodes: z.array(z.string()).optional(),
  states: z.array(z.string()).optional(),
  maxUnconfirmedPerShopper: z.number().int().optional(),
});
export type AdminCodRules = z.infer<typeof AdminCodRules>;
