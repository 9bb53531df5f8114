import {
  type AdminCourierSettings,
  AdminCourierSettingsRequest,
  AdminCourierSettings as Answer,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { courierProviderNamed, courierProviders } from '../couriers/registry.js';
import type { CourierService } from '../couriers/service.js';
import type { StoreCourier } from '../couriers/settings.js';
import type { Store } from '../stores/service.js';
import { requireOwner } from './session.js';

export interface CourierSettingsRouteOptions {
  couriers: CourierService;
  audit: AuditLog;
}

/** The store's courier settings as the back office shows them: secrets only said to be set. */
function shown(store: Store, courier: StoreCourier | undefined): AdminCourierSettings {
  return {
    provider: courier?.provider.name ?? null,
    providers: courierProviders().map((provider) => ({
      name: provider.name,
      title: provider.title,
      fields: provider.settings.map((field) => {
        const value = courier?.provider.name === provider.name ? courier.settings[field.key] : undefined;
        return {
          key: field.key,
          flag: field.flag,
          help: field.help,
          secret: Boolean(field.secret),
          value: field.secret ? null : (value ?? null),
          set: Boolean(value),
          fallback: field.fallback ?? null,
        };
      }),
    })),
    webhookUrl: `https://api.${store.host}/api/v1/couriers/webhook`,
  };
}

/**
 * /api/v1/admin/settings/couriers: the courier service that books parcels (Shiprocket) and its
 * settings, for owners; kept by the same service as `store couriers set`, audited without secrets.
 */
export async function adminCourierSettingsRoutes(
  app: FastifyInstance,
  options: CourierSettingsRouteOptions,
): Promise<void> {
  const { couriers, audit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = { response: withErrors({ 200: Answer }) };

  api.get('/admin/settings/couriers', { schema: answer }, async (request) => {
    requireOwner(request);
    return shown(request.store, await couriers.courierOf(request.store.id));
  });

  const save = { body: AdminCourierSettingsRequest, response: withErrors({ 200: Answer }) };
  api.put('/admin/settings/couriers', { schema: save }, async (request) => {
    const owner = requireOwner(request);
    const input = valid(request, 'body');
    const before = await couriers.describe(request.store.id);
    // An empty value keeps what is kept (a secret the page cannot show is left empty).
    const given = Object.fromEntries(Object.entries(input.settings).filter(([, value]) => value.trim() !== ''));
    const known = courierProviderNamed(input.provider)?.settings.map((field) => field.key);
    const unknown = known && Object.keys(given).find((key) => !known.includes(key));
    if (unknown) {
      throw new HttpError(
        400,
        `settings.${unknown}: not a setting of ${input.provider} (${known.join(', ')}).`,
        {},
        `settings.${unknown}`,
      );
    }
    const { provider, changed } = await couriers.configure(request.store.id, input.provider, given);
    const after = await couriers.describe(request.store.id);
    await audit.inTransaction((trx) =>
      audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.couriers',
        subject: `store:${request.store.host}`,
        before,
        // Which settings changed, never a secret's value.
        after: { ...after, changed: changed.join(', ') },
      }),
    );
    request.log.info({ provider: provider.name, changed }, 'courier settings changed');
    return shown(request.store, await couriers.courierOf(request.store.id));
  });

  // No courier service: orders are shipped by hand again (bookings made stay with their orders).
  api.delete('/admin/settings/couriers', { schema: answer }, async (request) => {
    const owner = requireOwner(request);
    const before = await couriers.describe(request.store.id);
    await couriers.clear(request.store.id);
    await audit.inTransaction((trx) =>
      audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.couriers',
        subject: `store:${request.store.host}`,
        before,
        after: { provider: 'none' },
      }),
    );
    return shown(request.store, undefined);
  });
}
