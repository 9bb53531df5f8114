import { z } from 'zod';

/**
 * Indian mobile numbers, one rule for the server and the storefront: +91 followed by ten digits,
 * the first of them 6, 7, 8 or 9 (the National Numbering Plan's mobile series). The shop keeps
 * and sends a mobile as '+919845012345', however it was typed or pasted.
 */
export const INDIAN_MOBILE_PREFIX = '+91';

/** What a shopper is told when a number is not an Indian mobile number. */
export const INDIAN_MOBILE_MESSAGE =
  'Please enter an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9 (e.g. +91 98450 12345).';

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The ten digits of an Indian mobile number however it was typed or pasted: '+91 98450 12345',
 * '+91-98450-12345', '91-98450-12345', '098450 12345', '919845012345' and '9845012345' all give
 * '9845012345'. Undefined when what is left is not a mobile number (ten digits starting 6-9).
 */
export function indianMobileDigits(value: string): string | undefined {
  let digits = digitsOf(value);
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

/** '+919845012345' for any way of writing an Indian mobile number; undefined for anything else. */
export function indianMobile(value: string): string | undefined {
  const digits = indianMobileDigits(value);
  return digits ? INDIAN_MOBILE_PREFIX + digits : undefined;
}

/**
 * A phone field's value while it is typed or pasted into: '+91' and digits only. A whole mobile
 * number in any common form becomes '+91' and its own ten digits; a country code or trunk 0 being
 * typed keeps its digits (up to 12 after +91) until the number is whole, so typing
 * '+91 98450 12345' key by key ends as '+919845012345', not '+919198450123'.
 */
export function typedIndianMobile(value: string, digitsAllowed = 10): string {
  let rest = value.trim();
  if (rest.startsWith(INDIAN_MOBILE_PREFIX)) rest = rest.slice(INDIAN_MOBILE_PREFIX.length);
  const mobile = indianMobileDigits(rest);
  if (mobile && mobile.length <= digitsAllowed) return INDIAN_MOBILE_PREFIX + mobile;
  const digits = digitsOf(rest);
  // Still on its way to a whole number: '91…' may be the country code, '0…' the trunk prefix.
  const room =
    digitsAllowed === 10 && digits.startsWith('91')
      ? 12
      : digitsAllowed === 10 && digits.startsWith('0')
        ? 11
        : digitsAllowed;
  return INDIAN_MOBILE_PREFIX + digits.slice(0, Math.max(0, room));
}

/** A shopper's mobile number on the wire: any common way of writing it in, '+919845012345' out. */
export const IndianMobile = (label = 'Phone') =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(30, { error: INDIAN_MOBILE_MESSAGE })
    .transform((value, context) => {
      const mobile = /^[+\d\s().-]+$/.test(value) ? indianMobile(value) : undefined;
      if (mobile) return mobile;
      context.issues.push({ code: 'custom', input: value, message: INDIAN_MOBILE_MESSAGE });
      return z.NEVER;
    });

/** A form field that takes a phone number (spec: type tel, or a name containing 'phone'). */
export const isPhoneField = (field: { name: string; type?: string }): boolean =>
  field.type === 'tel' || field.name.toLowerCase().includes('phone');
