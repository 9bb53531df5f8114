import type { ShippingAddressInput } from '@store/contract';

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

export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
];
