import type { ShippingAddressInput } from '@netkart/contract';
import { INDIAN_STATE_NAMES } from '@netkart/contract';

export type ShippingForm = ShippingAddressInput;
export const SHIPPING_FIELDS: (keyof ShippingForm)[] = ['fullName', 'address', 'city', 'state', 'postalCode', 'phone'];
export const EMPTY_SHIPPING: ShippingForm = {
  fullName: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
};

/** Spec section 5: every shipping field non-blank after trimming. Returns the trimmed form, or null. */
export function trimmedShipping(form: ShippingForm): ShippingForm | null {
  const trimmed = Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, form[field].trim()])) as ShippingForm;
  return SHIPPING_FIELDS.every((field) => trimmed[field] !== '') ? trimmed : null;
}

/** The states and union territories, A to Z: the same list the invoices take their GST codes from. */
export const INDIAN_STATES = INDIAN_STATE_NAMES;
