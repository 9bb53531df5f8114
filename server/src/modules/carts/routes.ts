import {
  ReminderConsents,
  ReminderConsentsRequest,
  RestoredCart,
  SavedCart,
  SavedCartRequest,
  SavedWishlist,
  SavedWishlistRequest,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { CartService } from './service.js';

/**
 * The signed-in shopper's cart and wishlist as the server keeps them (GET and PUT /cart,
 * /wishlist), the cart a reminder's link brings back, and the shopper's consents to reminders.
 */
export async function cartRoutes(app: FastifyInstance, { carts }: { carts: CartService }): Promise<void> {
  describeRoutes(app, { tag: 'cart' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownerOf = (request: Parameters<typeof requireUser>[0]) => ({
    storeId: request.store.id,
    userId: requireUser(request).id,
  });

  api.get('/cart', { schema: { security: SHOPPER_TOKEN, response: withErrors({ 200: SavedCart }) } }, async (request) =>
    carts.cartOf(ownerOf(request)),
  );
  const putCart = {
    security: SHOPPER_TOKEN,
    description:
      'Replaces the kept cart. checkout: true says the shopper reached checkout with it (the reminders count from then).',
    body: SavedCartRequest,
    response: withErrors({ 200: SavedCart }),
  };
  api.put('/cart', { schema: putCart }, async (request) => carts.putCart(ownerOf(request), valid(request, 'body')));

  const restore = {
    description: "The cart a reminder's link names, to put back in the browser's cart (no sign-in needed).",
    params: z.object({
      token: z.string().trim().min(1, { error: 'token is required.' }).max(100, { error: 'token is too long.' }),
    }),
    response: withErrors({ 200: RestoredCart }),
  };
  api.get('/cart/restore/:token', { schema: restore }, async (request) =>
    carts.restore(request.store.id, valid(request, 'params').token),
  );

  api.get(
    '/wishlist',
    { schema: { security: SHOPPER_TOKEN, response: withErrors({ 200: SavedWishlist }) } },
    async (request) => carts.wishlistOf(ownerOf(request)),
  );
  const putWishlist = {
    security: SHOPPER_TOKEN,
    body: SavedWishlistRequest,
    response: withErrors({ 200: SavedWishlist }),
  };
  api.put('/wishlist', { schema: putWishlist }, async (request) =>
    carts.putWishlist(ownerOf(request), valid(request, 'body')),
  );

  api.get(
    '/users/reminders',
    { schema: { security: SHOPPER_TOKEN, response: withErrors({ 200: ReminderConsents }) } },
    async (request) => carts.consents.of(ownerOf(request)),
  );
  const putReminders = {
    security: SHOPPER_TOKEN,
    description:
      'Gives (recording the words shown and when) or withdraws the consent to cart reminders and review requests.',
    body: ReminderConsentsRequest,
    response: withErrors({ 200: ReminderConsents }),
  };
  api.put('/users/reminders', { schema: putReminders }, async (request) =>
    carts.consents.set(ownerOf(request), valid(request, 'body')),
  );
}
