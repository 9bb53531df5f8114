import { AdminCodRules, CodRules } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { valid, withErrors } from '../../http/wire.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { CodService } from '../payments/cod/service.js';
import { requireOwner } from './session.js';

export interface CodSettingsRouteOptions {
  cod?: CodService | undefined;
  audit: AuditLog;
}

/** /api/v1/admin/settings/cod: the store's cash-on-delivery rules, as `store payments cod` sets them; owners only. */
export async function adminCodSettingsRoutes(app: FastifyInstance, options: CodSettingsRouteOptions): Promise<void> {
  const { audit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const codOf = (): CodService => {
    if (!options.cod) throw new HttpError(409, 'Cash on delivery is not available here.');
    return options.cod;
  };

  api.get('/admin/settings/cod', { schema: { response: withErrors({ 200: AdminCodRules }) } }, async (request) => {
    requireOwner(request);
    return codOf().rulesOf(request.store.id);
  });

  const save = { body: CodRules, response: withErrors({ 200: AdminCodRules }) };
  api.put('/admin/settings/cod', { schema: save }, async (request) => {
    const owner = requireOwner(request);
    const rules = valid(request, 'body');
    const cod = codOf();
    const before = await cod.rulesOf(request.store.id);
    await cod.setRules(request.store.id, rules);
    await audit.inTransaction((trx) =>
      audit.record(trx, {
        storeId: request.store.id,
        actor: staffActor(owner),
        action: 'store.cod',
        subject: `store:${request.store.host}`,
        before: { ...before },
        after: { ...rules },
      }),
    );
    return cod.rulesOf(request.store.id);
  });
}
