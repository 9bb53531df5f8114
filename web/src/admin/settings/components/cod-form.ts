import { type AdminCodRules, CodRules } from '@netkart/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The cash-on-delivery form as typed: text fields, lists as text, the fee's kind chosen apart from its amount. */
export interface CodValues {
  enabled: boolean;
  minOrder: string;
  maxOrder: string;
  feeKind: 'none' | 'flat' | 'percent';
  fee: string;
  pincodes: string;
  states: string;
  maxUnconfirmedPerShopper: string;
}

export const COD_FIELDS = [
  'enabled',
  'minOrder',
  'maxOrder',
  'fee',
  'pincodes',
  'states',
  'maxUnconfirmedPerShopper',
] as const satisfies readonly (keyof CodValues)[];

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function toCodValues(rules: AdminCodRules): CodValues {
  const fee = rules.fee;
  return {
    enabled: rules.enabled,
    minOrder: text(rules.minOrder),
    maxOrder: text(rules.maxOrder),
    feeKind: !fee ? 'none' : 'flat' in fee ? 'flat' : 'percent',
    fee: !fee ? '' : 'flat' in fee ? String(fee.flat) : String(fee.percent),
    pincodes: (rules.pincodes ?? []).join(', '),
    states: (rules.states ?? []).join('\n'),
    maxUnconfirmedPerShopper: text(rules.maxUnconfirmedPerShopper),
  };
}

/** A number typed with ₹ or Indian commas; blank is "not set"; anything else goes on for the contract to name. */
function numberOf(typed: string): number | string | undefined {
  const plain = typed.replace(/[₹,\s]/g, '');
  if (plain === '') return undefined;
  return Number.isNaN(Number(plain)) ? typed : Number(plain);
}

const listOf = (typed: string, separator: RegExp) =>
  typed
    .split(separator)
    .map((each) => each.trim())
    .filter(Boolean);

/** The rules the form describes, before the contract checks them (unset fields left out). */
export function toCodRequest(values: CodValues): Record<string, unknown> {
  const fee = numberOf(values.fee);
  const pincodes = listOf(values.pincodes, /[\s,]+/);
  const states = listOf(values.states, /[\n,]+/);
  const entries: [string, unknown][] = [
    ['enabled', values.enabled],
    ['minOrder', numberOf(values.minOrder)],
    ['maxOrder', numberOf(values.maxOrder)],
    ['fee', values.feeKind === 'none' ? undefined : { [values.feeKind]: fee ?? '' }],
    ['pincodes', pincodes.length ? pincodes : undefined],
    ['states', states.length ? states : undefined],
    ['maxUnconfirmedPerShopper', numberOf(values.maxUnconfirmedPerShopper)],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** Which field of the form a message about a rule's path goes beside ('fee.flat' → fee, 'pincodes.3' → pincodes). */
export function codFieldOf(path: readonly PropertyKey[] | string | undefined): keyof CodValues {
  const first = String((typeof path === 'string' ? path.split('.') : (path ?? []))[0] ?? '');
  // The one rule across two fields, minimum above maximum, goes beside the maximum.
  return (COD_FIELDS as readonly string[]).includes(first) ? (first as keyof CodValues) : 'maxOrder';
}

/** The contract's own rules, with each message beside the field it is about, as the server would place it. */
export const codResolver: Resolver<CodValues, unknown, CodRules> = async (values) => {
  const result = CodRules.safeParse(toCodRequest(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<CodValues> = {};
  for (const issue of result.error.issues) {
    const field = codFieldOf(issue.path);
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
