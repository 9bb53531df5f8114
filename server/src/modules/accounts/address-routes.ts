import { Id, SaveAddressRequest, SavedAddress, SavedAddressList, UpdateAddressRequest } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { AddressBook } from './addresses.js';

const AddressParams = z.object({ id: Id });

/** The signed-in shopper's saved addresses: list, add, change (or make default), remove. */
export async function addressRoutes(app: FastifyInstance, { addressBook }: { addressBook: AddressBook }) {
  describeRoutes(app, { tag: 'accounts' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownerOf = (request: Parameters<typeof requireUser>[0]) => ({
    storeId: request.store.id,
    userId: requireUser(request).id,
  });

  const list = { security: SHOPPER_TOKEN, response: withErrors({ 200: SavedAddressList }) };
  api.get('/account/addresses', { schema: list }, async (request) => addressBook.list(ownerOf(request)));

  const add = { security: SHOPPER_TOKEN, body: SaveAddressRequest, response: withErrors({ 201: SavedAddress }) };
  api.post('/account/addresses', { schema: add }, async (request, reply) => {
    const owner = ownerOf(request);
    return reply.code(201).send(await addressBook.add(owner, valid(request, 'body')));
  });

  const change = {
    security: SHOPPER_TOKEN,
    params: AddressParams,
    body: UpdateAddressRequest,
    response: withErrors({ 200: SavedAddress }),
  };
  api.patch('/account/addresses/:id', { schema: change }, async (request) => {
    const owner = ownerOf(request);
    const { id } = valid(request, 'params');
    return addressBook.update(owner, id, valid(request, 'body'));
  });

  const remove = { security: SHOPPER_TOKEN, params: AddressParams, response: withErrors({ 204: z.undefined() }) };
  api.delete('/account/addresses/:id', { schema: remove }, async (request, reply) => {
    const owner = ownerOf(request);
    const { id } = valid(request, 'params');
    await addressBook.remove(owner, id);
    return reply.code(204).send();
  });
}
