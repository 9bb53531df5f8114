import { z } from 'zod';
import { DeliveryEstimate } from './delivery.js';

/** GET /pincodes/{pin}: where a PIN is, whether the shop delivers there, and when. */
export const PincodeAnswer = z.object({
  pincode: z.string(),
  district: z.string(),
  /** The state or union territory as GST names it today. */
  state: z.string(),
  /** Its GST state code, e.g. '27' for Maharashtra. */
  stateCode: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean(),
  /** India-time days, YYYY-MM-DD; null where the shop does not deliver. */
  estimate: DeliveryEstimate.nullable(),
});
export type PincodeAnswer = z.infer<typeof PincodeAnswer>;
