import { z } from 'zod';
import { ShippingAddress, ShippingAddressInput } from './orders.js';

/** How many addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 10;

/** What a shopper is told when the address book is full. */
export const ADDRESS_BOOK_FULL = `You can keep at most ${MAX_SAVED_ADDRESSES} saved addresses. Please remove one before saving another.`;

/** A saved address: the checkout's shipping fields, and whether the checkout starts with it. */
export const SavedAddress = ShippingAddress.extend({ id: z.string(), isDefault: z.boolean() });
export type SavedAddress = z.infer<typeof SavedAddress>;

export const SavedAddressList = z.array(SavedAddress);

const IsDefault = z.boolean({ error: 'isDefault must be true or false.' }).optional();

/** A new address: every shipping field, and optionally whether it becomes the default. */
export const SaveAddressRequest = ShippingAddressInput.extend({ isDefault: IsDefault });
export type SaveAddressRequest = z.input<typeof SaveAddressRequest>;
export type SaveAddressInput = z.output<typeof SaveAddressRequest>;

/** A change to a saved address: only the fields given change; `isDefault: true` makes it the default. */
export const UpdateAddressRequest = ShippingAddressInput.partial().extend({ isDefault: IsDefault });
export type UpdateAddressRequest = z.input<typeof UpdateAddressRequest>;
export type UpdateAddressInput = z.output<typeof UpdateAddressRequest>;
