import {
  CART_REMINDER_CONSENT_TEXT,
  REVIEW_REQUEST_CONSENT_TEXT,
  type ReminderConsents,
  type ReminderConsentsRequest,
} from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { newId, nowIso } from '../../shared/ids.js';

export type ReminderPurpose = 'cart-reminders' | 'review-requests';

export interface ConsentOwner {
  storeId: string;
  userId: string;
}

const WORDS: Record<ReminderPurpose, string> = {
  'cart-reminders': CART_REMINDER_CONSENT_TEXT,
  'review-requests': REVIEW_REQUEST_CONSENT_TEXT,
};

/**
 * A shopper's consents to reminders, one per purpose, as the DPDP Rules ask: given by a clear act
 * (an unticked box), kept with the words shown and when, withdrawn as easily. A withdrawn consent
 * stays on record; giving it again is a new row.
 */
export class ReminderConsentBook {
  constructor(private readonly db: Database) {}

  async stands(owner: ConsentOwner, purpose: ReminderPurpose, db: Database = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('reminder_consents')
      .select('id')
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .where('purpose', '=', purpose)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async of(owner: ConsentOwner): Promise<ReminderConsents> {
    return {
      cartReminders: await this.stands(owner, 'cart-reminders'),
      reviewRequests: await this.stands(owner, 'review-requests'),
    };
  }

  /** Gives or withdraws each consent named; one not named is left as it is. */
  async set(owner: ConsentOwner, wanted: ReminderConsentsRequest): Promise<ReminderConsents> {
    await writeTransaction(this.db, async (trx) => {
      if (wanted.cartReminders !== undefined) await this.put(trx, owner, 'cart-reminders', wanted.cartReminders);
      if (wanted.reviewRequests !== undefined) await this.put(trx, owner, 'review-requests', wanted.reviewRequests);
    });
    return this.of(owner);
  }

  /** Withdraws every consent of an erased account. */
  async withdrawAll(trx: Database, owner: ConsentOwner): Promise<void> {
    await trx
      .updateTable('reminder_consents')
      .set({ withdrawn_at: nowIso() })
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .where('withdrawn_at', 'is', null)
      .execute();
  }

  private async put(trx: Database, owner: ConsentOwner, purpose: ReminderPurpose, given: boolean): Promise<void> {
    const standing = await this.stands(owner, purpose, trx);
    if (given && !standing) {
      await trx
        .insertInto('reminder_consents')
        .values({
          id: newId(),
          store_id: owner.storeId,
          user_id: owner.userId,
          purpose,
          consent_text: WORDS[purpose],
          given_at: nowIso(),
          withdrawn_at: null,
        })
        .execute();
    } else if (!given && standing) {
      await trx
        .updateTable('reminder_consents')
        .set({ withdrawn_at: nowIso() })
        .where('store_id', '=', owner.storeId)
        .where('user_id', '=', owner.userId)
        .where('purpose', '=', purpose)
        .where('withdrawn_at', 'is', null)
        .execute();
    }
  }
}
