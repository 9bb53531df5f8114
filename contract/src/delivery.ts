import { z } from 'zod';
import { WEEKDAYS } from './delivery-days.js';
import { stateByName } from './gst.js';

/**
 * A store's delivery rules: where it delivers and how long a parcel takes. Written by the merchant
 * (`store delivery set --file rules.json`), read back by `store delivery show` and the back office.
 */

/** India-time days, YYYY-MM-DD: when a parcel would arrive at the soonest and at the latest. */
export const DeliveryEstimate = z.object({ earliest: z.string(), latest: z.string() });
export type DeliveryEstimate = z.infer<typeof DeliveryEstimate>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) => ISO_DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

const TransitDays = z
  .object(
    {
      min: z
        .number({ error: 'transitDays.min must be a whole number of days.' })
        .int({ error: 'transitDays.min must be a whole number of days.' })
        .min(0, { error: 'transitDays.min cannot be below 0.' })
        .max(60, { error: 'transitDays.min cannot be over 60 days.' }),
      max: z
        .number({ error: 'transitDays.max must be a whole number of days.' })
        .int({ error: 'transitDays.max must be a whole number of days.' })
        .min(0, { error: 'transitDays.max cannot be below 0.' })
        .max(60, { error: 'transitDays.max cannot be over 60 days.' }),
    },
    { error: 'transitDays must be { "min": days, "max": days }.' },
  )
  .strict()
  .refine((days) => days.min <= days.max, { error: 'transitDays.min cannot be more than transitDays.max.' });

export const DeliveryZone = z
  .object({
    name: z
      .string({ error: 'Each zone needs a name.' })
      .trim()
      .min(1, { error: 'Each zone needs a name.' })
      .max(80, { error: 'A zone name is at most 80 characters.' }),
    /** Whole PIN codes. */
    pincodes: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[1-9][0-9]{5}$/, { error: 'pincodes: each PIN is 6 digits, not starting with 0.' }),
      )
      .max(20_000, { error: 'pincodes: at most 20,000 PINs in a zone.' })
      .default([]),
    /** The start of PIN codes, 3 to 5 digits: "560" is Bengaluru's and its neighbours'. */
    prefixes: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[1-9][0-9]{2,4}$/, { error: 'prefixes: each prefix is 3 to 5 digits, not starting with 0.' }),
      )
      .max(2_000, { error: 'prefixes: at most 2,000 in a zone.' })
      .default([]),
    /** States and union territories, as GST names them (e.g. "Karnataka", "Ladakh"). */
    states: z
      .array(
        z
          .string()
          .trim()
          .refine((name) => stateByName(name) !== undefined, {
            error: (issue) =>
              `states: "${String(issue.input)}" is not a state or union territory of India as GST names it.`,
          })
          .transform((name) => stateByName(name)?.name ?? name),
      )
      .default([]),
    transitDays: TransitDays,
  })
  .strict()
  .refine((zone) => zone.pincodes.length + zone.prefixes.length + zone.states.length > 0, {
    error: 'A zone must list at least one of pincodes, prefixes or states.',
  });
export type DeliveryZone = z.infer<typeof DeliveryZone>;

export const DeliveryRules = z
  .object(
    {
      /**
       * "all": every PIN the shop knows, a zone's transit days where one names it, else `otherTransitDays`;
       * "zones": only the PINs a zone names.
       */
      serviceable: z.enum(['all', 'zones'], { error: 'serviceable must be "all" or "zones".' }),
      /** Tried in the order written: the first zone naming the PIN, a prefix of it or its state decides. */
      zones: z.array(DeliveryZone).max(100, { error: 'At most 100 zones.' }).default([]),
      /** The transit days of a PIN no zone names, when serviceable is "all". */
      otherTransitDays: TransitDays.optional(),
      /** The weekdays parcels leave the shop. */
      dispatchDays: z
        .array(z.enum(WEEKDAYS, { error: `dispatchDays: each day is one of ${WEEKDAYS.join(', ')}.` }))
        .min(1, { error: 'dispatchDays must name at least one weekday.' }),
      /** India time, HH:MM: an order placed after it is dispatched on the next dispatch day. */
      cutoff: z
        .string({ error: 'cutoff must be a time of day in India time, like "14:00".' })
        .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, {
          error: 'cutoff must be a time of day in India time, like "14:00".',
        }),
      /** Days (YYYY-MM-DD) nothing is dispatched. */
      holidays: z
        .array(z.string().refine(isRealDay, { error: 'holidays: each day is a date written YYYY-MM-DD.' }))
        .max(366, { error: 'holidays: at most 366 days.' })
        .default([]),
    },
    { error: 'The delivery rules must be a JSON object.' },
  )
  .strict()
  .refine((rules) => rules.serviceable === 'zones' || rules.otherTransitDays !== undefined, {
    error: 'otherTransitDays is needed when serviceable is "all": the transit days of a PIN no zone names.',
    path: ['otherTransitDays'],
  })
  .refine((rules) => rules.serviceable === 'all' || rules.zones.length > 0, {
    error: 'serviceable "zones" needs at least one zone.',
    path: ['zones'],
  });
export type DeliveryRules = z.infer<typeof DeliveryRules>;

/**
 * Where couriers reach last and charge their far rate: the north-east, Jammu and Kashmir, Ladakh and
 * the islands (the delivery rules' slowest zone and the shipping rules' dearest).
 */
export const FAR_STATES: readonly string[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

/** The rules as the API answers them: already checked, so plain shapes (a transform cannot be written out). */
const TransitDaysShown = z.object({ min: z.number().int(), max: z.number().int() });
const DeliveryRulesShown = z.object({
  serviceable: z.enum(['all', 'zones']),
  zones: z.array(
    z.object({
      name: z.string(),
      pincodes: z.array(z.string()),
      prefixes: z.array(z.string()),
      states: z.array(z.string()),
      transitDays: TransitDaysShown,
    }),
  ),
  otherTransitDays: TransitDaysShown.optional(),
  dispatchDays: z.array(z.enum(WEEKDAYS)),
  cutoff: z.string(),
  holidays: z.array(z.string()),
});

/** GET/PUT /admin/settings/delivery: the store's rules, and whether they are its own or the default. */
export const AdminDeliverySettings = z.object({ rules: DeliveryRulesShown, own: z.boolean() });
export type AdminDeliverySettings = z.infer<typeof AdminDeliverySettings>;
