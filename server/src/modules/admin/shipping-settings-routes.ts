import { AdminDeliverySettings, AdminShippingSettings, DeliveryRules, ShippingRules } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { DeliveryRulesService } from '../pincodes/delivery-rules.js';
import { rulesOf, type ShippingService } from '../shipping/service.js';
import type { StoreService } from '../stores/service.js';
import { requireOwner } from './session.js';

export interface ShippingSettingsRouteOptions {
  stores: StoreService;
  shipping: ShippingService;
  delivery: DeliveryRulesService;
  audit: AuditLog;
}

/**
 * /api/v1/admin/settings/shipping and …/delivery: what shipping costs and where and when the shop
 * delivers, for owners; kept by the same services as `store shipping set` and `store delivery set`.
 */
export async function adminShippingSettingsRoutes(
  app: FastifyInstance,
  options: ShippingSettingsRouteOptions,
): Promise<void> {
  const { stores, shipping, delivery, audit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const shippingAnswer = { response: withErrors({ 200: AdminShippingSettings }) };
  api.get('/admin/settings/shipping', { schema: shippingAnswer }, async (request) => {
    requireOwner(request);
    return { rules: rulesOf(request.store) ?? null };
  });

  const saveShipping = { body: ShippingRules, response: withErrors({ 200: AdminShippingSettings }) };
  api.put('/admin/settings/shipping', { schema: saveShipping }, async (request) => {
    const owner = requireOwner(request);
    const input = valid(request, 'body');
    const before = rulesOf(request.store) ?? null;
    const rules = await audit.inTransaction(async (trx) => {
      const kept = await shipping.setRules(request.store.id, input, trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.shipping',
        subject: `store:${request.store.host}`,
        before: { rules: before },
        after: { rules: kept },
      });
      return kept;
    });
    return { rules };
  });

  // No rules: shipping is free again.
  api.delete('/admin/settings/shipping', { schema: shippingAnswer }, async (request) => {
    const owner = requireOwner(request);
    const before = rulesOf(request.store) ?? null;
    await audit.inTransaction(async (trx) => {
      await shipping.setRules(request.store.id, null, trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.shipping',
        subject: `store:${request.store.host}`,
        before: { rules: before },
        after: { rules: null },
      });
    });
    const saved = await stores.byId(request.store.id);
    if (!saved) throw new HttpError(404, 'The store is gone.');
    return { rules: rulesOf(saved) ?? null };
  });

  const deliveryAnswer = { response: withErrors({ 200: AdminDeliverySettings }) };
  api.get('/admin/settings/delivery', { schema: deliveryAnswer }, async (request) => {
    requireOwner(request);
    return delivery.rulesOf(request.store.id);
  });

  const saveDelivery = { body: DeliveryRules, response: withErrors({ 200: AdminDeliverySettings }) };
  api.put('/admin/settings/delivery', { schema: saveDelivery }, async (request) => {
    const owner = requireOwner(request);
    const rules = valid(request, 'body');
    await audit.inTransaction(async (trx) => {
      const before = await delivery.rulesOf(request.store.id, trx);
      await delivery.setRules(request.store.id, rules, new Date(), trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.delivery',
        subject: `store:${request.store.host}`,
        before: before.own ? { rules: before.rules } : { rules: 'default' },
        after: { rules },
      });
    });
    return delivery.rulesOf(request.store.id);
  });

  // Back to the default rules (every PIN, from the shop's state).
  api.delete('/admin/settings/delivery', { schema: deliveryAnswer }, async (request) => {
    const owner = requireOwner(request);
    await audit.inTransaction(async (trx) => {
      const before = await delivery.rulesOf(request.store.id, trx);
      await delivery.clearRules(request.store.id, trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.delivery',
        subject: `store:${request.store.host}`,
        before: before.own ? { rules: before.rules } : { rules: 'default' },
        after: { rules: 'default' },
      });
    });
    return delivery.rulesOf(request.store.id);
  });
}
