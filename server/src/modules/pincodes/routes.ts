import { PINCODE_PATTERN, PincodeAnswer } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../http/errors.js';
import { describeRoutes, withErrors } from '../../http/wire.js';
import type { Store } from '../stores/service.js';
import type { DeliveryRulesService } from './delivery-rules.js';

export const MALFORMED_PINCODE = 'PIN code must be 6 digits, not starting with 0.';
export const unknownPincode = (pin: string) => `PIN code ${pin} is not a PIN code we know. Please check it.`;

/** Whether a store offers cash on delivery at a PIN in a state (the payments' COD rules, passed in). */
export type CodOfferedAt = (store: Store, pincode: string, state: string) => Promise<boolean>;

/** GET /pincodes/{pin}: a PIN's district and state, the delivery promise for it, and whether COD is offered there. */
export async function pincodeRoutes(
  app: FastifyInstance,
  { delivery, codOfferedAt }: { delivery: DeliveryRulesService; codOfferedAt?: CodOfferedAt },
): Promise<void> {
  describeRoutes(app, { tag: 'pincodes' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    description: 'Where a PIN code is (district, state and GST state code), whether the shop delivers there, and when.',
    params: z.object({ pin: z.string() }),
    response: withErrors({ 200: PincodeAnswer }),
  };
  api.get('/pincodes/:pin', { schema }, async (request) => {
    const pin = request.params.pin.trim();
    if (!PINCODE_PATTERN.test(pin)) throw new HttpError(400, MALFORMED_PINCODE, {}, 'pincode');
    const answer = await delivery.promiseFor(request.store.id, pin);
    if (!answer) throw notFound(unknownPincode(pin));
    // Cash on delivery is offered only where the shop delivers, and where the store's COD rules say.
    const cod = answer.serviceable && codOfferedAt ? await codOfferedAt(request.store, pin, answer.state) : false;
    return { ...answer, cod };
  });
}
