import type { Shipment } from '../../modules/orders/service.js';
import { CliError } from '../context.js';

const TRACKING = /^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/;
const COURIER = /^[\p{L}\p{N}][\p{L}\p{N} .&-]{1,59}$/u;

export interface ShipmentOptions {
  courier?: string;
  tracking?: string;
  trackingUrl?: string;
}

/** Checks what the merchant typed about a parcel: a tracking number or a tracking page, or both. */
export function shipmentOf(options: ShipmentOptions): Shipment {
  const courier = options.courier?.trim();
  const trackingNumber = options.tracking?.trim();
  const trackingUrl = options.trackingUrl?.trim();
  if (!trackingNumber && !trackingUrl) {
    throw new CliError('Give the tracking number (--tracking) or the tracking page (--tracking-url), or both.');
  }
  if (courier !== undefined && !COURIER.test(courier)) {
    throw new CliError(
      `A courier's name is 2 to 60 letters, digits, spaces, '.', '&' or '-', not '${options.courier}'.`,
    );
  }
  if (trackingNumber !== undefined && !TRACKING.test(trackingNumber)) {
    throw new CliError(`A tracking number is 4 to 40 letters, digits, spaces or dashes, not '${options.tracking}'.`);
  }
  if (trackingUrl !== undefined && !isHttpsUrl(trackingUrl)) {
    throw new CliError(
      `A tracking page is an https:// address, like https://www.delhivery.com/track/package/1234, not '${options.trackingUrl}'.`,
    );
  }
  return {
    ...(courier ? { courier } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
    ...(trackingUrl ? { trackingUrl } : {}),
  };
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && value.length <= 500 && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const describeShipment = (shipment: Shipment) =>
  [
    shipment.courier ? `by ${shipment.courier}` : '',
    shipment.trackingNumber ? `tracking ${shipment.trackingNumber}` : '',
    shipment.trackingUrl ? `tracking page ${shipment.trackingUrl}` : '',
  ]
    .filter(Boolean)
    .join(', ');
