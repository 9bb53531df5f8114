import {
  type GatewayMethod,
  INDIAN_MOBILE_MESSAGE,
  indianMobile,
  indianMobileDigits,
  isPhoneField,
  type PaymentField,
  typedIndianMobile,
} from '@netkart/contract';

export type FieldValues = Record<string, string>;

export const REQUIRED_MESSAGE = 'This field is required';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_PREFIX = '+91';
export const PHONE_PLACEHOLDER = '+91XXXXXXXXXX';
const DEFAULT_PHONE_MAX_LENGTH = 13;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec: GET /payments/fields answers a list, or an object with a fields list; anything else is no fields. */
export function fieldsFrom(body: unknown): PaymentField[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { fields?: unknown }).fields)
      ? (body as { fields: unknown[] }).fields
      : [];
  return list.filter(
    (field): field is PaymentField =>
      !!field &&
      typeof field === 'object' &&
      typeof (field as PaymentField).name === 'string' &&
      (field as PaymentField).name !== '',
  );
}

/** The ways to pay the store offers, from GET /payments/fields (none from a server that does not list them). */
export function methodsFrom(body: unknown): GatewayMethod[] {
  const methods = body && typeof body === 'object' ? (body as { methods?: unknown }).methods : undefined;
  if (!Array.isArray(methods)) return [];
  return methods.filter(
    (method): method is GatewayMethod =>
      Boolean(method) &&
      typeof method === 'object' &&
      typeof (method as GatewayMethod).id === 'string' &&
      typeof (method as GatewayMethod).title === 'string',
  );
}

/** The provider named by GET /payments/fields, when the answer names one. */
export function providerFrom(body: unknown): string | undefined {
  const provider = body && typeof body === 'object' ? (body as { provider?: unknown }).provider : undefined;
  return typeof provider === 'string' ? provider : undefined;
}

/** The provider of a store that takes no online payment. */
export const NO_PROVIDER = 'none';

export { isPhoneField };

const isBlank = (value: string | undefined) => (value ?? '').trim() === '';

/** How many digits may follow +91: 10, or the rules' total max length minus 3. */
export const phoneDigitsAllowed = (field: PaymentField) =>
  (field.rules?.maxLength ?? DEFAULT_PHONE_MAX_LENGTH) - PHONE_PREFIX.length;

/**
 * A phone value always begins with +91 and continues with digits only, at most the allowed number.
 * A whole mobile number typed or pasted in any common form ('+91 98450 12345', '098450 12345',
 * '91-98450-12345', also after the +91 already in the field) keeps its own ten digits rather than
 * the country code's (the contract's one rule, shared with the server).
 */
export const normalisePhone = (value: string, digitsAllowed: number): string => typedIndianMobile(value, digitsAllowed);

/** A phone field holding only the prefix counts as blank. */
const phoneIsBlank = (value: string | undefined) => isBlank(value) || value?.trim() === PHONE_PREFIX;

/** Applies a mask: 9 a digit, a a letter, * a letter or digit; any other mask character is inserted as is. */
export function applyMask(value: string, mask: string): string {
  const chars = [...value.replace(/[^\p{L}\p{N}]/gu, '')];
  let out = '';
  for (const symbol of mask) {
    if (chars.length === 0) break;
    if (symbol === '9' || symbol === 'a' || symbol === '*') {
      const test = symbol === '9' ? /\d/ : symbol === 'a' ? /\p{L}/u : /[\p{L}\d]/u;
      while (chars.length > 0 && !test.test(chars[0] as string)) chars.shift();
      const next = chars.shift();
      if (next === undefined) break;
      out += next;
    } else {
      out += symbol;
    }
  }
  return out;
}

/** '/regex/flags' or a bare pattern; undefined when it is not a valid expression. */
export function parsePattern(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined;
  try {
    const literal = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
    return literal ? new RegExp(literal[1] as string, literal[2]) : new RegExp(pattern);
  } catch {
    return undefined;
  }
}

/** Spec: a field with showWhenFilled shows only when at least one of those fields has a value. */
export function isVisible(field: PaymentField, values: FieldValues): boolean {
  if (!field.showWhenFilled || field.showWhenFilled.length === 0) return true;
  return field.showWhenFilled.some((name) => !isBlank(values[name]) && values[name]?.trim() !== PHONE_PREFIX);
}

/** The starting values: defaultValue, '+91' for a required phone, 'false' for a checkbox. */
export function initialValues(fields: PaymentField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
    else if (field.type === 'checkbox') values[field.name] = 'false';
    else if (isPhoneField(field) && field.rules?.required) values[field.name] = PHONE_PREFIX;
    else values[field.name] = '';
  }
  return values;
}

/** What the shop already knows about the payer and the order, to fill the form with. */
export interface KnownDetails {
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

/** Field names (lower case, without - and _) that ask for each known detail. */
const KNOWN_FIELD_NAMES: Record<keyof KnownDetails, string[]> = {
  name: ['name', 'fullname', 'payername', 'customername'],
  email: ['email', 'emailaddress', 'payeremail'],
  phone: [],
  address: ['address', 'addressline', 'address1', 'street'],
  city: ['city'],
  state: ['state'],
  postalCode: ['postalcode', 'pincode', 'pin', 'zip', 'zipcode'],
};

/** The starting values with every blank field the shop knows an answer for filled in. */
export function prefilledValues(fields: PaymentField[], known: KnownDetails): FieldValues {
  const values = initialValues(fields);
  for (const field of fields) {
    const current = values[field.name] ?? '';
    if (field.type === 'checkbox' || (current !== '' && current !== PHONE_PREFIX)) continue;
    let value: string | undefined;
    if (isPhoneField(field)) {
      const mobile = known.phone ? indianMobileDigits(known.phone) : undefined;
      value = mobile ? normalisePhone(mobile, phoneDigitsAllowed(field)) : undefined;
    } else {
      const key = field.name.toLowerCase().replace(/[-_]/g, '');
      const detail =
        field.type === 'email'
          ? 'email'
          : (Object.keys(KNOWN_FIELD_NAMES) as (keyof KnownDetails)[]).find((name) =>
              KNOWN_FIELD_NAMES[name].includes(key),
            );
      value = detail ? known[detail]?.trim() : undefined;
      if (value && field.mask) value = applyMask(value, field.mask);
    }
    if (value) values[field.name] = value;
  }
  return values;
}

const requiredMessage = (field: PaymentField) => field.rulesMessages?.[0] || REQUIRED_MESSAGE;

function phoneError(field: PaymentField, value: string): string | undefined {
  const rules = field.rules ?? {};
  if (phoneIsBlank(value)) return rules.required ? requiredMessage(field) : undefined;
  if (!value.startsWith(PHONE_PREFIX)) return 'Phone number must start with +91';
  if (rules.minLength !== undefined && value.length < rules.minLength)
    return `Phone number must have at least ${rules.minLength} characters`;
  if (rules.maxLength !== undefined && value.length > rules.maxLength)
    return `Phone number must have no more than ${rules.maxLength} characters`;
  if (rules.minLength === undefined && rules.maxLength === undefined && value.length !== DEFAULT_PHONE_MAX_LENGTH)
    return 'Phone number must be 13 characters (including +91)';
  const pattern = parsePattern(rules.pattern);
  if (pattern && !pattern.test(value)) return 'Invalid phone number format';
  // Ten digits after +91 is an Indian mobile number, which the server checks too: 6–9 first.
  if (phoneDigitsAllowed(field) === 10 && !indianMobile(value)) return INDIAN_MOBILE_MESSAGE;
  return undefined;
}

/** The error of one field, or undefined. */
export function fieldError(field: PaymentField, value: string | undefined): string | undefined {
  const text = value ?? '';
  if (isPhoneField(field)) return phoneError(field, text);
  const rules = field.rules ?? {};
  const blank = field.type === 'checkbox' ? text !== 'true' : isBlank(text);
  if (blank) return rules.required ? requiredMessage(field) : undefined;
  if (field.type === 'email' && !EMAIL_PATTERN.test(text.trim())) return EMAIL_MESSAGE;
  if (rules.minLength !== undefined && text.trim().length < rules.minLength)
    return field.rulesMessages?.[1] || `Must be at least ${rules.minLength} characters`;
  if (rules.maxLength !== undefined && text.trim().length > rules.maxLength)
    return field.rulesMessages?.[2] || `Must be no more than ${rules.maxLength} characters`;
  const pattern = parsePattern(rules.pattern);
  if (pattern && !pattern.test(text)) return field.rulesMessages?.[3] || 'Invalid format';
  return undefined;
}

/** Errors of every visible field, by name. */
export function validate(fields: PaymentField[], values: FieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!isVisible(field, values)) continue;
    const error = fieldError(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** Spec: submit waits until every visible required field has a value. */
export function missingRequired(fields: PaymentField[], values: FieldValues): boolean {
  return fields.some((field) => {
    if (!field.rules?.required || !isVisible(field, values)) return false;
    const value = values[field.name];
    if (field.type === 'checkbox') return value !== 'true';
    return isPhoneField(field) ? phoneIsBlank(value) : isBlank(value);
  });
}

/** The values sent: visible fields only. */
export const submittedValues = (fields: PaymentField[], values: FieldValues): FieldValues =>
  Object.fromEntries(
    fields.filter((field) => isVisible(field, values)).map((field) => [field.name, values[field.name] ?? '']),
  );

/** A QR image source from base64 (the data: prefix added when missing). */
export const qrImageSource = (base64: string) =>
  base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`;
