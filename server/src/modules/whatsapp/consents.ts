import { WHATSAPP_CONSENT_TEXT } from '@netkart/contract';
import type { Database, WhatsAppConsentRow } from '../../db/schema.js';
import { newId, nowIso } from '../../shared/ids.js';

export type ConsentGivenVia = 'checkout' | 'account';
export type ConsentWithdrawnVia = 'account' | 'stop-reply' | 'number-changed';

export interface ConsentOwner {
  storeId: string;
  userId: string;
}

/**
 * Each shopper's consent to order updates on WhatsApp, as the DPDP Rules ask: given by a clear act
 * (an unticked box), recorded with the words shown and when, and as easy to withdraw, by the
 * account page or by replying STOP. A withdrawn consent stays on record; a new one is a new row.
 */
export class WhatsAppConsents {
  constructor(private readonly db: Database) {}

  /** The consent that stands for this shopper now, if any. */
  async standing(owner: ConsentOwner, db: Database = this.db): Promise<WhatsAppConsentRow | undefined> {
    return db
      .selectFrom('whatsapp_consents')
      .selectAll()
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .where('withdrawn_at', 'is', null)
      .orderBy('given_at', 'desc')
      .executeTakeFirst();
  }

  /** Whether any shopper of the store has a standing consent for this number. */
  async standsForNumber(storeId: string, phone: string, db: Database = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('whatsapp_consents')
      .select('id')
      .where('store_id', '=', storeId)
      .where('phone', '=', phone)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records the consent for `phone`; a standing one for the same number stays, one for another number is withdrawn. */
  async give(trx: Database, owner: ConsentOwner, phone: string, via: ConsentGivenVia): Promise<WhatsAppConsentRow> {
    const standing = await this.standing(owner, trx);
    if (standing?.phone === phone) return standing;
    if (standing) await this.withdrawRows(trx, [standing.id], 'number-changed');
    const row: WhatsAppConsentRow = {
      id: newId(),
      store_id: owner.storeId,
      user_id: owner.userId,
      phone,
      consent_text: WHATSAPP_CONSENT_TEXT,
      given_via: via,
      given_at: nowIso(),
      withdrawn_via: null,
      withdrawn_at: null,
    };
    await trx.insertInto('whatsapp_consents').values(row).execute();
    return row;
  }

  /** Withdraws the shopper's standing consent; nothing when there is none. */
  async withdraw(owner: ConsentOwner, via: ConsentWithdrawnVia, trx: Database = this.db): Promise<void> {
    const standing = await this.standing(owner, trx);
    if (standing) await this.withdrawRows(trx, [standing.id], via);
  }

  /** A STOP from a number ends every standing consent for it, in every store the number serves. */
  async withdrawNumber(phone: string, via: ConsentWithdrawnVia): Promise<number> {
    const result = await this.db
      .updateTable('whatsapp_consents')
      .set({ withdrawn_at: nowIso(), withdrawn_via: via })
      .where('phone', '=', phone)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private async withdrawRows(trx: Database, ids: string[], via: ConsentWithdrawnVia) {
    await trx
      .updateTable('whatsapp_consents')
      .set({ withdrawn_at: nowIso(), withdrawn_via: via })
      .where('id', 'in', ids)
      .execute();
  }
}
