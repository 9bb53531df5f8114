import { type DeliveryEstimate, type DeliveryRules, type DeliveryZone, FAR_STATES, WEEKDAYS } from '@netkart/contract';
import { istDay, istMinute } from '../../shared/india-time.js';

/**
 * Whether the shop delivers to a PIN, whether it takes cash on delivery there, and when a parcel
 * would arrive, from the store's delivery rules. `cod` stays false until the shop has cash on delivery.
 */
export interface DeliveryPromise {
  serviceable: boolean;
  cod: boolean;
  /** India-time days, YYYY-MM-DD; null where the shop does not deliver. */
  estimate: DeliveryEstimate | null;
}

/** Where a PIN is, as the directory knows it. */
export interface PlaceOfPin {
  pincode: string;
  state: string;
}

const DAY_MS = 86_400_000;
/** How far ahead a dispatch day is looked for: past a year of holidays there is none. */
const DISPATCH_SEARCH_DAYS = 400;

const dayText = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** The first zone, in the order written, that names the PIN, a prefix of it or its state. */
export function zoneOf(rules: DeliveryRules, place: PlaceOfPin): DeliveryZone | undefined {
  return rules.zones.find(
    (zone) =>
      zone.pincodes.includes(place.pincode) ||
      zone.prefixes.some((prefix) => place.pincode.startsWith(prefix)) ||
      zone.states.includes(place.state),
  );
}

/**
 * The India-time day a parcel ordered `now` leaves the shop: today when today is a dispatch day, not a
 * holiday, and the cut-off has not passed; else the next dispatch day that is not a holiday (so
 * Sunday only when the merchant dispatches on Sundays). Undefined when none is found within a year.
 */
export function dispatchDay(rules: DeliveryRules, now: Date): string | undefined {
  const today = Date.parse(istDay(now));
  const beforeCutoff = istMinute(now).slice(11) < rules.cutoff;
  const holidays = new Set(rules.holidays);
  for (let offset = beforeCutoff ? 0 : 1; offset < DISPATCH_SEARCH_DAYS; offset++) {
    const day = today + offset * DAY_MS;
    const weekday = WEEKDAYS[new Date(day).getUTCDay()];
    if (weekday && rules.dispatchDays.includes(weekday) && !holidays.has(dayText(day))) return dayText(day);
  }
  return undefined;
}

/** The promise for a PIN the directory knows, under a store's rules, for an order placed `now`. */
export function deliveryTo(rules: DeliveryRules, place: PlaceOfPin, now: Date = new Date()): DeliveryPromise {
  const transit =
    zoneOf(rules, place)?.transitDays ?? (rules.serviceable === 'all' ? rules.otherTransitDays : undefined);
  const dispatch = dispatchDay(rules, now);
  if (!transit || !dispatch) return { serviceable: false, cod: false, estimate: null };
  const leaves = Date.parse(dispatch);
  return {
    serviceable: true,
    // Cash on delivery is the store's to say (its COD rules): the API's route asks the payments for it.
    cod: false,
    estimate: {
      earliest: dayText(leaves + transit.min * DAY_MS),
      latest: dayText(leaves + transit.max * DAY_MS),
    },
  };
}

/** What a shopper is told when the shop does not deliver to their PIN. */
export const notDeliverable = (pincode: string) =>
  `We do not deliver to ${pincode} yet. Please choose an address with another PIN code.`;

/** The metros' PIN prefixes: Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad. */
const METRO_PREFIXES = ['110', '400', '700', '600', '560', '500'];

/**
 * The rules of a store that has set none: it delivers everywhere; its own state (from its GSTIN, when
 * it has one) in 2–3 days, the far states in 6–9, the metros in 3–4, the rest of India in 4–6;
 * parcels leave Monday to Saturday, the same day when ordered by 14:00 India time.
 */
export function defaultDeliveryRules(shopState: string | undefined): DeliveryRules {
  const ownState: DeliveryZone[] =
    shopState && !FAR_STATES.includes(shopState)
      ? [
          {
            name: `Within ${shopState}`,
            pincodes: [],
            prefixes: [],
            states: [shopState],
            transitDays: { min: 2, max: 3 },
          },
        ]
      : [];
  return {
    serviceable: 'all',
    zones: [
      ...ownState,
      {
        name: 'North-east, J&K, Ladakh and islands',
        pincodes: [],
        prefixes: [],
        states: [...FAR_STATES],
        transitDays: { min: 6, max: 9 },
      },
      { name: 'Metros', pincodes: [], prefixes: METRO_PREFIXES, states: [], transitDays: { min: 3, max: 4 } },
    ],
    otherTransitDays: { min: 4, max: 6 },
    dispatchDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    cutoff: '14:00',
    holidays: [],
  };
}
