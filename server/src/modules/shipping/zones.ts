import { FAR_STATES, type ShippingZone } from '@netkart/contract';

/** A PIN as the zones read it: its district and today's state. */
export interface PlacedPin {
  district: string;
  state: string;
}

/**
 * The metros couriers price apart, by the PIN directory's district names (Delhi is every district
 * of the state: its PINs are listed by quarter, "South Delhi", "East Delhi" …).
 */
const METRO_DISTRICTS: Record<string, string> = {
  mumbai: 'Mumbai',
  'mumbai city': 'Mumbai',
  'mumbai suburban': 'Mumbai',
  kolkata: 'Kolkata',
  chennai: 'Chennai',
  bangalore: 'Bengaluru',
  bengaluru: 'Bengaluru',
  'bangalore urban': 'Bengaluru',
  'bengaluru urban': 'Bengaluru',
  hyderabad: 'Hyderabad',
  ahmedabad: 'Ahmedabad',
  pune: 'Pune',
};

const simple = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The metro a PIN is in, or undefined. */
export function metroOf(pin: PlacedPin): string | undefined {
  if (pin.state === 'Delhi') return 'Delhi';
  return METRO_DISTRICTS[simple(pin.district)];
}

/** A PIN's city as couriers see it: its metro, else its district. */
const cityOf = (pin: PlacedPin) => metroOf(pin) ?? simple(pin.district);

/**
 * The courier's zone from the store's PIN to the order's: the same city (district), the same state,
 * then the far zone (north-east, J&K, Ladakh, the islands), metro to metro, and the rest of India.
 * Without a known origin, only the destination can say: far, or the rest of India.
 */
export function zoneBetween(origin: PlacedPin | undefined, destination: PlacedPin): ShippingZone {
  if (origin && origin.state === destination.state) {
    return cityOf(origin) === cityOf(destination) ? 'withinCity' : 'withinState';
  }
  if (FAR_STATES.includes(destination.state)) return 'northEastAndJk';
  if (origin && metroOf(origin) && metroOf(destination)) return 'metroToMetro';
  return 'restOfIndia';
}
