import {
  AddStaffRequest,
  AdminPaymentSettings,
  AdminStaffMember,
  AdminStoreDetails,
  PolicyPreview,
  PolicyPreviewRequest,
  SavedStoreDetails,
  SavePaymentSettingsRequest,
  SaveStoreDetailsRequest,
  type StoreInfo,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffRow } from '../../db/schema.js';
import { HttpError, parse } from '../../http/errors.js';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { adminPaymentSettings, settingsChange } from '../payments/merchant-settings.js';
import type { PaymentService } from '../payments/service.js';
import { PaymentSettingsError } from '../payments/settings.js';
import type { StaffService } from '../staff/service.js';
import {
  extraHostsOf,
  HostError,
  HostTakenError,
  hostWithPort,
  parseExtraHosts,
  parseHost,
} from '../stores/public-address.js';
import { type Store, type StoreService, toStoreInfo } from '../stores/service.js';
import { StoreFileChanges, sanitizePolicy } from '../stores/store-file.js';
import { roleOfStaff } from './permissions.js';
import { requireOwner } from './session.js';

export interface SettingsRouteOptions {
  stores: StoreService;
  payments: PaymentService;
  staff: StaffService;
  audit: AuditLog;
}

/** /api/v1/admin/settings/… and /admin/staff: the store's details, payments and people, for owners only. */
export async function adminSettingsRoutes(app: FastifyInstance, options: SettingsRouteOptions): Promise<void> {
  const { stores, payments, staff, audit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/settings/store',
    { schema: { response: withErrors({ 200: AdminStoreDetails }) } },
    async (request) => {
      requireOwner(request);
      return detailsOf(request.store, stores);
    },
  );

  const saveDetails = { body: SaveStoreDetailsRequest, response: withErrors({ 200: SavedStoreDetails }) };
  api.put('/admin/settings/store', { schema: saveDetails }, async (request): Promise<SavedStoreDetails> => {
    const owner = requireOwner(request);
    const { lowStockThreshold, host, extraHosts, ...fields } = valid(request, 'body');
    const address = addressOf(request.store, host, extraHosts);
    const policies = (fields as { policies?: unknown }).policies;
    if (
      policies !== undefined &&
      (typeof policies !== 'object' ||
        policies === null ||
        Object.values(policies).some((html) => typeof html !== 'string'))
    ) {
      throw new HttpError(400, 'Each policy is HTML text.', {}, 'policies');
    }
    const changes = parse(StoreFileChanges, fields);
    const before = toStoreInfo(request.store);
    const sanitised: string[] = [];
    const cleanPolicies: Record<string, string> = { ...before.policies };
    for (const [slug, html] of Object.entries(changes.policies ?? {})) {
      if (typeof html !== 'string') continue;
      const clean = sanitizePolicy(html);
      if (clean !== html.trim()) sanitised.push(slug);
      cleanPolicies[slug] = clean;
    }
    const { policies: _policies, ...plain } = changes;
    const after: StoreInfo = { ...before, ...plain, policies: cleanPolicies };
    await audit.inTransaction(async (trx) => {
      await stores.updateInfo(request.store.id, after, trx);
      if (lowStockThreshold !== undefined)
        await stores.updateLowStockThreshold(request.store.id, lowStockThreshold, trx);
      if (address) {
        await stores.updateAddress(request.store.id, address, trx).catch((error: unknown) => {
          throw error instanceof HostTakenError ? new HttpError(409, error.message, {}, 'host') : error;
        });
        await audit.record(trx, {
          storeId: request.store.id,
          actor: staffActor(owner),
          action: 'store.address',
          subject: `store:${request.store.host}`,
          before: { host: hostWithPort(request.store), extraHosts: extraHostsOf(request.store) },
          after: {
            host: hostWithPort({ host: address.host, public_port: address.port }),
            extraHosts: address.extraHosts,
          },
        });
      }
      const changed = (Object.keys(after) as (keyof StoreInfo)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.details',
        subject: `store:${request.store.host}`,
        before: {
          ...summarised(before, changed),
          ...(lowStockThreshold !== undefined ? { lowStockThreshold: Number(request.store.low_stock_threshold) } : {}),
        },
        after: { ...summarised(after, changed), ...(lowStockThreshold !== undefined ? { lowStockThreshold } : {}) },
      });
    });
    const saved = await stores.byId(request.store.id);
    if (!saved) throw new HttpError(404, 'The store is gone.');
    return { details: detailsOf(saved, stores), sanitised };
  });

  const preview = { body: PolicyPreviewRequest, response: withErrors({ 200: PolicyPreview }) };
  api.post('/admin/settings/policy-preview', { schema: preview }, async (request) => {
    requireOwner(request);
    const { html } = valid(request, 'body');
    const clean = sanitizePolicy(html);
    return { html: clean, changed: clean !== html.trim() };
  });

  const paymentSettings = { response: withErrors({ 200: AdminPaymentSettings }) };
  api.get('/admin/settings/payments', { schema: paymentSettings }, async (request) => {
    requireOwner(request);
    return adminPaymentSettings(request.store, payments);
  });

  const savePayments = { body: SavePaymentSettingsRequest, response: withErrors({ 200: AdminPaymentSettings }) };
  api.put('/admin/settings/payments', { schema: savePayments }, async (request) => {
    const owner = requireOwner(request);
    const input = valid(request, 'body');
    // Blank means "keep": a secret is never shown, so its field comes back empty.
    const given = Object.fromEntries(
      Object.entries(input).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
    );
    const { provider, config, changed } = checkedSettings(request.store, input.provider, given);
    await audit.inTransaction(async (trx) => {
      await stores.updatePayments(request.store.id, provider.name, config, trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.payments',
        subject: `store:${request.store.host}`,
        before: { provider: request.store.payment_provider },
        // Which settings changed, never their secret values.
        after: { provider: provider.name, changed },
      });
    });
    const saved = await stores.byHost(request.store.host);
    if (!saved) throw new HttpError(404, 'The store is gone.');
    return adminPaymentSettings(saved, payments);
  });

  const people = { response: withErrors({ 200: z.array(AdminStaffMember) }) };
  api.get('/admin/staff', { schema: people }, async (request): Promise<AdminStaffMember[]> => {
    requireOwner(request);
    return (await staff.list(request.store.id)).map(toMember);
  });

  const add = { body: AddStaffRequest, response: withErrors({ 201: AdminStaffMember }) };
  api.post('/admin/staff', { schema: add }, async (request, reply) => {
    const owner = requireOwner(request);
    const input = valid(request, 'body');
    refuseAllStoresFromOneStore(owner, input.allStores);
    const { staff: added } = await staff.add(
      { ...input, storeId: input.allStores ? null : request.store.id },
      staffActor(owner),
    );
    return reply.code(201).send(toMember(added));
  });

  const remove = { params: z.object({ email: z.string() }), response: withErrors({ 204: z.undefined() }) };
  api.delete('/admin/staff/:email', { schema: remove }, async (request, reply) => {
    const owner = requireOwner(request);
    const member = await staff.find(request.store.id, request.params.email);
    if (!member) throw new HttpError(404, `There is no staff account for ${request.params.email}.`);
    refuseAllStoresFromOneStore(owner, member.store_id === null);
    await staff.remove(request.store.id, member.email, staffActor(owner));
    return reply.code(204).send();
  });
}

/** An owner of one store may not hand out, or take away, access to every store. */
function refuseAllStoresFromOneStore(owner: StaffRow, allStores: boolean): void {
  if (allStores && owner.store_id !== null) {
    throw new HttpError(403, 'Only an owner of every store can manage accounts for every store.');
  }
}

function detailsOf(store: Store, stores: StoreService): AdminStoreDetails {
  return {
    ...toStoreInfo(store),
    lowStockThreshold: Number(store.low_stock_threshold),
    host: hostWithPort(store),
    extraHosts: extraHostsOf(store),
    publicOrigin: stores.publicOrigin(store),
  };
}

/**
 * The store's new public address when the request changes it (a field left out keeps its value),
 * checked by the same rules as `store info set host`; a bad host is a 400 naming its field.
 */
function addressOf(store: Store, host: string | undefined, extraHosts: string[] | undefined) {
  if (host === undefined && extraHosts === undefined) return undefined;
  const own =
    host === undefined ? { host: store.host, port: store.public_port } : checkedHost('host', () => parseHost(host));
  const extra =
    extraHosts === undefined ? extraHostsOf(store) : checkedHost('extraHosts', () => parseExtraHosts(extraHosts));
  const unchanged =
    own.host === store.host &&
    own.port === store.public_port &&
    JSON.stringify(extra) === JSON.stringify(extraHostsOf(store));
  return unchanged ? undefined : { ...own, extraHosts: extra };
}

function checkedHost<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw error instanceof HostError ? new HttpError(400, error.message, {}, field) : error;
  }
}

/** A merchant's payment settings, checked by the providers' own rules; a refusal names the setting. */
function checkedSettings(store: Store, provider: string, given: Record<string, string>) {
  try {
    return settingsChange(store, provider, given);
  } catch (error) {
    if (!(error instanceof PaymentSettingsError)) throw error;
    throw new HttpError(400, error.message, {}, typeof error.cause === 'string' ? error.cause : undefined);
  }
}

const toMember = (member: StaffRow): AdminStaffMember => ({
  email: member.email,
  name: member.name,
  role: roleOfStaff(member),
  allStores: member.store_id === null,
  twoFactor: member.totp_secret !== null,
  createdAt: member.created_at,
});

/** Long texts (policies, descriptions) are logged as "changed", not copied whole into the log. */
function summarised(info: StoreInfo, keys: (keyof StoreInfo)[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = info[key];
      return [key, typeof value === 'string' && value.length <= 200 ? value : '(changed)'];
    }),
  );
}
