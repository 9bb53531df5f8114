import {
  AdminReturnListQuery,
  AdminReturnListResponse,
  BookReturnPickupRequest,
  RETURN_PHOTOS_MAX,
  RefuseReturnRequest,
  Return,
  ReturnRules,
} from '@netkart/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { notJson, valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { ReturnService } from '../returns/service.js';
import { requireOwner, staffOf } from './session.js';

export interface ReturnsRouteOptions {
  returns?: ReturnService | undefined;
  audit: AuditLog;
}

const ReturnParams = z.object({ id: z.string().trim().min(1).max(40) });
const OrderParams = z.object({ id: z.string().trim().min(1).max(40) });

/**
 * /api/v1/admin/returns: the store's returns, approved, refused, picked up and received by staff
 * (each move logged with who made it); /api/v1/admin/settings/returns: the return rules, owners only.
 */
export async function adminReturnRoutes(app: FastifyInstance, options: ReturnsRouteOptions): Promise<void> {
  const { audit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const returnsOf = (): ReturnService => {
    if (!options.returns) throw new HttpError(409, 'Returns are not available here.');
    return options.returns;
  };

  const list = { querystring: AdminReturnListQuery, response: withErrors({ 200: AdminReturnListResponse }) };
  api.get('/admin/returns', { schema: list }, async (request) =>
    returnsOf().list(request.store.id, valid(request, 'query')),
  );

  const ofOrder = { params: OrderParams, response: withErrors({ 200: z.object({ data: z.array(Return) }) }) };
  api.get('/admin/orders/:id/returns', { schema: ofOrder }, async (request) => ({
    data: await returnsOf().ofOrder(request.store.id, valid(request, 'params').id),
  }));

  const one = { params: ReturnParams, response: withErrors({ 200: Return }) };
  api.get('/admin/returns/:id', { schema: one }, async (request) =>
    returnsOf().get(request.store.id, valid(request, 'params').id),
  );

  const photo = {
    params: z.object({
      id: z.string().trim().min(1).max(40),
      n: z.coerce
        .number({ error: 'n is the photo number, 1 to 3.' })
        .int({ error: 'n is the photo number, 1 to 3.' })
        .min(1, { error: 'n is the photo number, 1 to 3.' })
        .max(RETURN_PHOTOS_MAX, { error: 'n is the photo number, 1 to 3.' }),
    }),
    response: withErrors({
      200: notJson('image/jpeg', 'A photo the shopper sent with the return (JPEG, PNG or WebP)'),
    }),
  };
  api.get('/admin/returns/:id/photos/:n', { schema: photo }, async (request, reply) => {
    const { id, n } = valid(request, 'params');
    const found = await returnsOf().photo(request.store.id, id, n);
    // Bytes, sent as they are (the schema above only describes them); never sniffed as anything else.
    const raw: FastifyReply = reply;
    return raw
      .type(found.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(found.bytes);
  });

  const move = <B extends z.ZodType>(body: B) => ({
    params: ReturnParams,
    body,
    response: withErrors({ 200: Return }),
  });
  const by = (request: Parameters<typeof staffOf>[0]) => ({ actor: staffActor(staffOf(request)) });

  api.post('/admin/returns/:id/approve', { schema: move(z.object({}).passthrough()) }, async (request) =>
    returnsOf().approve(request.store.id, valid(request, 'params').id, by(request)),
  );
  api.post('/admin/returns/:id/refuse', { schema: move(RefuseReturnRequest) }, async (request) =>
    returnsOf().refuse(request.store.id, valid(request, 'params').id, valid(request, 'body').reason, by(request)),
  );
  api.post('/admin/returns/:id/pickup', { schema: move(BookReturnPickupRequest) }, async (request) =>
    returnsOf().bookPickup(request.store.id, valid(request, 'params').id, valid(request, 'body'), by(request)),
  );
  api.post('/admin/returns/:id/receive', { schema: move(z.object({}).passthrough()) }, async (request) =>
    returnsOf().receive(request.store.id, valid(request, 'params').id, by(request)),
  );

  api.get('/admin/settings/returns', { schema: { response: withErrors({ 200: ReturnRules }) } }, async (request) => {
    requireOwner(request);
    return returnsOf().rulesOf(request.store.id);
  });

  const save = { body: ReturnRules, response: withErrors({ 200: ReturnRules }) };
  api.put('/admin/settings/returns', { schema: save }, async (request) => {
    const owner = requireOwner(request);
    const rules = valid(request, 'body');
    const service = returnsOf();
    const before = await service.rulesOf(request.store.id);
    const after = await service.setRules(request.store.id, rules);
    await audit.recordNow({
      storeId: request.store.id,
      actor: staffActor(owner),
      action: 'store.returns',
      subject: `store:${request.store.host}`,
      before: { ...before },
      after: { ...after },
    });
    return after;
  });
}
