import { Coupon, CouponListResponse, CreateCouponRequest } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../http/errors.js';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { COUPON_NOT_FOUND, type CouponService } from '../coupons/service.js';
import { staffOf } from './session.js';

export interface CouponsRouteOptions {
  coupons?: CouponService | undefined;
  audit: AuditLog;
}

const CouponParams = z.object({ id: z.string().trim().min(1).max(40) });

/**
 * /api/v1/admin/coupons: the store's coupons and automatic offers, added and disabled by the
 * owner and catalogue staff (each logged), read by every role that reads the catalogue.
 */
export async function adminCouponRoutes(app: FastifyInstance, options: CouponsRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const couponsOf = (): CouponService => {
    if (!options.coupons) throw new HttpError(409, 'Coupons are not available here.');
    return options.coupons;
  };
  const actor = (request: Parameters<typeof staffOf>[0]) => staffActor(staffOf(request));

  const list = { response: withErrors({ 200: CouponListResponse }) };
  api.get('/admin/coupons', { schema: list }, async (request) => ({ data: await couponsOf().list(request.store.id) }));

  const add = { body: CreateCouponRequest, response: withErrors({ 201: Coupon }) };
  api.post('/admin/coupons', { schema: add }, async (request, reply) => {
    const coupon = await couponsOf().add(request.store.id, valid(request, 'body'));
    await options.audit.recordNow({
      storeId: request.store.id,
      actor: actor(request),
      action: 'coupon.add',
      subject: `coupon:${coupon.code ?? coupon.id}`,
      after: coupon,
    });
    return reply.code(201).send(coupon);
  });

  const disable = {
    params: CouponParams,
    body: z.object({}).passthrough().optional(),
    response: withErrors({ 200: Coupon }),
  };
  api.post('/admin/coupons/:id/disable', { schema: disable }, async (request) => {
    const { id } = valid(request, 'params');
    const found = await couponsOf().find(request.store.id, id);
    if (!found) throw notFound(COUPON_NOT_FOUND);
    const coupon = await couponsOf().disable(request.store.id, found.id);
    await options.audit.recordNow({
      storeId: request.store.id,
      actor: actor(request),
      action: 'coupon.disable',
      subject: `coupon:${coupon.code ?? coupon.id}`,
    });
    return coupon;
  });
}
