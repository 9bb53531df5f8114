import { HttpError } from '../../http/errors.js';

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
