import { istDay } from '../../shared/india-time.js';

/**
 * Whether the shop delivers to a PIN, whether it takes cash on delivery there, and when a parcel
 * would arrive. THE HOOK for the delivery rules still to come (merchant-set serviceable PINs and
 * zones, transit days, cut-off time, holidays): today every known PIN is served, and the estimate is a plain default: dispatch on
 * the next working day (Monday to Saturday), then 2 to 7 days on the way. Replace the body, keep
 * the shape: the API's answer and the checkout read it from here.
 */
export interface DeliveryPromise {
  serviceable: boolean;
  cod: boolean;
  /** India-time days, YYYY-MM-DD. */
  estimate: { earliest: string; latest: string };
}

const DAY_MS = 86_400_000;
export const DEFAULT_TRANSIT_DAYS = { fewest: 2, most: 7 } as const;

/** The India-time calendar day of an instant, as a UTC midnight (so days add without time zones). */
const indiaDay = (now: Date) => Date.parse(istDay(now));
const dayText = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

export function deliveryTo(_pincode: string, now: Date = new Date()): DeliveryPromise {
  let dispatch = indiaDay(now) + DAY_MS;
  if (new Date(dispatch).getUTCDay() === 0) dispatch += DAY_MS; // no dispatch on Sunday
  return {
    serviceable: true,
    // Cash on delivery is the store's to say (its COD rules): the API's route asks the payments for it.
    cod: false,
    estimate: {
      earliest: dayText(dispatch + DEFAULT_TRANSIT_DAYS.fewest * DAY_MS),
      latest: dayText(dispatch + DEFAULT_TRANSIT_DAYS.most * DAY_MS),
    },
  };
}
