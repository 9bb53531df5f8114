import type { DeliveryEstimate } from './delivery.js';

/** Delivery days as a shopper reads them. No schema here: the product page's first load reads them. */

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An India-time day (YYYY-MM-DD) as a shopper reads it: "Tue, 2 Dec". */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** The promise as the shop says it everywhere: "Delivery by Tue, 2 Dec" (the latest day). */
export const deliveryByText = (estimate: DeliveryEstimate): string => `Delivery by ${shortDay(estimate.latest)}`;

/** What the product page says of a PIN the shop does not deliver to. */
export const notDeliverableText = (pincode: string): string => `Not deliverable to ${pincode}`;
