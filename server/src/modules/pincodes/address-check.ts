import { HttpError } from '../../http/errors.js';
import { type DeliveryPromise, notDeliverable } from './delivery.js';

/** A PIN's state as GST names it today; undefined for a PIN the directory does not know. */
export type StateOfPincode = (pincode: string) => Promise<{ state: string } | undefined>;

/**
 * The PIN decides the state (and so the invoice's place of supply): an unknown PIN, or a state
 * other than the PIN's, is refused naming `postalCode`. One rule for an order's address and a saved one.
 */
export async function refuseAddressOutsideItsPin(
  address: { postalCode: string; state: string },
  stateOfPincode: StateOfPincode,
): Promise<void> {
  const known = await stateOfPincode(address.postalCode);
  if (!known) {
    throw new HttpError(
      400,
      `PIN code ${address.postalCode} is not a PIN code we know. Please check it.`,
      {},
      'postalCode',
    );
  }
  if (known.state !== address.state) {
    throw new HttpError(
      400,
      `PIN code ${address.postalCode} is in ${known.state}, not ${address.state}. Please check the PIN code or choose ${known.state}.`,
      {},
      'postalCode',
    );
  }
}

/** The store's delivery promise for a PIN now; undefined for a PIN the directory does not know. */
export type DeliveryPromiseOf = (storeId: string, pincode: string) => Promise<DeliveryPromise | undefined>;

/**
 * The promise an order's PIN gets, refused naming `postalCode` where the shop does not deliver.
 * Called after refuseAddressOutsideItsPin, so the PIN is one the directory knows.
 */
export async function promisedDelivery(
  storeId: string,
  postalCode: string,
  deliveryPromiseOf: DeliveryPromiseOf,
): Promise<DeliveryPromise['estimate']> {
  const promise = await deliveryPromiseOf(storeId, postalCode);
  if (!promise?.serviceable) throw new HttpError(400, notDeliverable(postalCode), {}, 'postalCode');
  return promise.estimate;
}
