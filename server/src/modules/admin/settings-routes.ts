import {
  AddStaffRequest,
  type AdminPaymentSettings,
  type AdminStaffMember,
  type AdminStoreDetails,
  PolicyPreviewRequest,
  type SavedStoreDetails,
  SavePaymentSettingsRequest,
  SaveStoreDetailsRequest,
  type StoreInfo,
} from '@store/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, StaffRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError, parse } from '../../http/errors.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { PAYMENT_PROVIDER_REGISTRY } from '../payments/registry.js';
import type { PaymentService } from '../payments/service.js';
import {
  mergedPaymentConfig,
  PaymentSettingsInput,
  SETTING_VARIABLES,
  storedPaymentConfig,
} from '../payments/settings.js';
import type { StaffService } from '../staff/service.js';
import { type Store, type StoreService, toStoreInfo } from '../stores/service.js';
import { StoreFileChanges, sanitizePolicy } from '../stores/store-file.js';
import { requireOwner } from './session.js';

export interface SettingsRouteOptions {
  db: Database;
  stores: StoreService;
  payments: PaymentService;
  staff: StaffService;
  audit: AuditLog;
}

/** /api/v1/admin/settings/… and /admin/staff: the store's details, payments and people, for owners only. */
export async function adminSettingsRoutes(app: FastifyInstance, options: SettingsRouteOptions): Promise<void> {
  const { db, stores, payments, staff, audit } = options;

  app.get('/admin/settings/store', async (request) => {
    requireOwner(request);
    return detailsOf(request.store);
  });

  app.put('/admin/settings/store', async (request): Promise<SavedStoreDetails> => {
    const owner = requireOwner(request);
    const { lowStockThreshold, ...fields } = parse(SaveStoreDetailsRequest, request.body);
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
    await writeTransaction(db, async (trx) => {
      await stores.updateInfo(request.store.id, after, trx);
      if (lowStockThreshold !== undefined)
        await stores.updateLowStockThreshold(request.store.id, lowStockThreshold, trx);
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
    const saved = await stores.byHost(request.store.host);
    if (!saved) throw new HttpError(404, 'The store is gone.');
    return { details: detailsOf(saved), sanitised };
  });

  app.post('/admin/settings/policy-preview', async (request) => {
    requireOwner(request);
    const { html } = parse(PolicyPreviewRequest, request.body);
    const clean = sanitizePolicy(html);
    return { html: clean, changed: clean !== html.trim() };
  });

  app.get('/admin/settings/payments', async (request) => {
    requireOwner(request);
    return paymentSettingsOf(request.store, payments);
  });

  app.put('/admin/settings/payments', async (request) => {
    const owner = requireOwner(request);
    const input = parse(SavePaymentSettingsRequest, request.body);
    // Blank means "keep": a secret is never shown, so its field comes back empty.
    const given = Object.fromEntries(
      Object.entries(input).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
    );
    const change = parse(PaymentSettingsInput, given);
    const provider = PAYMENT_PROVIDER_REGISTRY[change.provider];
    const config = mergedPaymentConfig(storedPaymentConfig(request.store), change);
    const ready = provider.settings.safeParse(config);
    if (!ready.success) {
      const issue = ready.error.issues[0];
      throw new HttpError(
        400,
        issue?.message ?? 'These settings are not complete.',
        {},
        issue?.path.join('.') || undefined,
      );
    }
    await writeTransaction(db, async (trx) => {
      await stores.updatePayments(request.store.id, provider.name, config, trx);
      await audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.payments',
        subject: `store:${request.store.host}`,
        before: { provider: request.store.payment_provider },
        // Which settings changed, never their secret values.
        after: { provider: provider.name, changed: Object.keys(given).filter((key) => key !== 'provider') },
      });
    });
    const saved = await stores.byHost(request.store.host);
    if (!saved) throw new HttpError(404, 'The store is gone.');
    return paymentSettingsOf(saved, payments);
  });

  app.get('/admin/staff', async (request): Promise<AdminStaffMember[]> => {
    requireOwner(request);
    const everyone = await staff.list();
    return everyone.filter((member) => member.store_id === null || member.store_id === request.store.id).map(toMember);
  });

  app.post('/admin/staff', async (request, reply) => {
    const owner = requireOwner(request);
    const input = parse(AddStaffRequest, request.body);
    refuseAllStoresFromOneStore(owner, input.allStores);
    const { staff: added } = await staff.add(
      { ...input, storeId: input.allStores ? null : request.store.id },
      staffActor(owner),
    );
    return reply.code(201).send(toMember(added));
  });

  app.delete<{ Params: { email: string } }>('/admin/staff/:email', async (request, reply) => {
    const owner = requireOwner(request);
    const member = await staff.find(request.params.email);
    if (!member || (member.store_id !== null && member.store_id !== request.store.id)) {
      throw new HttpError(404, `There is no staff account for ${request.params.email}.`);
    }
    refuseAllStoresFromOneStore(owner, member.store_id === null);
    await staff.remove(member.email, staffActor(owner));
    return reply.code(204).send();
  });
}

/** An owner of one store may not hand out, or take away, access to every store. */
function refuseAllStoresFromOneStore(owner: StaffRow, allStores: boolean): void {
  if (allStores && owner.store_id !== null) {
    throw new HttpError(403, 'Only an owner of every store can manage accounts for every store.');
  }
}

function detailsOf(store: Store): AdminStoreDetails {
  return { ...toStoreInfo(store), lowStockThreshold: Number(store.low_stock_threshold) };
}

function paymentSettingsOf(store: Store, payments: PaymentService): AdminPaymentSettings {
  const config = payments.configFor(store);
  const fromEnvironment = store.is_default
    ? Object.values(SETTING_VARIABLES).filter((variable) => process.env[variable]?.trim())
    : [];
  if (store.is_default && process.env.PAYMENT_PROVIDER?.trim()) fromEnvironment.unshift('PAYMENT_PROVIDER');
  return {
    provider: payments.providerNameFor(store),
    mode: payments.modeOf(store),
    upiVpa: config.upiVpa ?? null,
    upiPayee: config.upiPayee ?? null,
    payuKey: config.payuKey ?? null,
    payuUrl: config.payuUrl ?? null,
    payuSaltSet: Boolean(config.payuSalt),
    fromEnvironment,
  };
}

const toMember = (member: StaffRow): AdminStaffMember => ({
  email: member.email,
  name: member.name,
  role: member.role === 'owner' ? 'owner' : 'staff',
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
