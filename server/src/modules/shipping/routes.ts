import { PINCODE_PATTERN, ShippingQuote, ShippingQuoteRequest } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { describeRoutes, valid, withErrors } from '../../http/wire.js';
import { toRupees } from '../../shared/money.js';
import type { ShippingService } from './service.js';

export const MALFORMED_PINCODE = 'pincode must be a PIN code: 6 digits, not starting with 0.';

/** POST /shipping/quote: what shipping a cart costs to a PIN, shown before the last step of checkout. */
export async function shippingRoutes(app: FastifyInstance, { shipping }: { shipping: ShippingService }): Promise<void> {
  describeRoutes(app, { tag: 'shipping' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    description:
      "What shipping costs for these products to a PIN code, by the store's rules (zone and weight slab), and the items' total from which it is free.",
    body: ShippingQuoteRequest,
    response: withErrors({ 200: ShippingQuote }),
  };
  api.post('/shipping/quote', { schema }, async (request) => {
    const { items, pincode } = valid(request, 'body');
    if (pincode !== undefined && !PINCODE_PATTERN.test(pincode))
      throw new HttpError(400, MALFORMED_PINCODE, {}, 'pincode');
    const quote = await shipping.quote(request.store, items, pincode);
    return {
      charge: toRupees(quote.charge),
      freeFrom: quote.freeFrom === null ? null : toRupees(quote.freeFrom),
      zone: quote.zone,
      weightGrams: quote.grams,
    };
  });
}
