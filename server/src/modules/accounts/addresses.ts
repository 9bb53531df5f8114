import {
  ADDRESS_BOOK_FULL,
  MAX_SAVED_ADDRESSES,
  type SaveAddressInput,
  type SavedAddress,
  type ShippingAddressInput,
  type UpdateAddressInput,
} from '@netkart/contract';
import { SqliteAdapter, sql } from 'kysely';
import type { AddressesTable, Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { refuseAddressOutsideItsPin, type StateOfPincode } from '../pincodes/address-check.js';

export const ADDRESS_NOT_FOUND = 'Address not found.';

type Owner = { storeId: string; userId: string };

/**
 * A shopper's address book: at most ten addresses, and while any remain exactly one is the default
 * (the first saved; the one made default last; after the default is removed, the newest left).
 * Every address is checked as an order's is: a known PIN, and the PIN's own state.
 */
export class AddressBook {
  constructor(
    private readonly db: Database,
    private readonly stateOfPincode: StateOfPincode,
  ) {}

  async list(owner: Owner, db: Database = this.db): Promise<SavedAddress[]> {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toSavedAddress);
  }

  async add(owner: Owner, input: SaveAddressInput): Promise<SavedAddress> {
    await refuseAddressOutsideItsPin(input, this.stateOfPincode);
    return writeTransaction(this.db, async (trx) => {
      const saved = await this.insert(trx, owner, input, input.isDefault === true);
      if (!saved) throw new HttpError(400, ADDRESS_BOOK_FULL);
      return saved;
    });
  }

  /**
   * An order's address kept in the order's transaction: false when the book is full (the order goes
   * through all the same). An address already in the book is not kept twice.
   */
  async saveFromOrder(trx: Database, owner: Owner, address: ShippingAddressInput): Promise<boolean> {
    const same = await trx
      .selectFrom('addresses')
      .select('id')
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .where('full_name', '=', address.fullName)
      .where('address', '=', address.address)
      .where('city', '=', address.city)
      .where('state', '=', address.state)
      .where('postal_code', '=', address.postalCode)
      .where('phone', '=', address.phone)
      .executeTakeFirst();
    if (same) return true;
    return (await this.insert(trx, owner, address, false)) !== undefined;
  }

  async update(owner: Owner, id: string, input: UpdateAddressInput): Promise<SavedAddress> {
    const current = await this.find(this.db, owner, id);
    const { isDefault, ...fields } = input;
    const next = { ...toSavedAddress(current), ...definedOnly(fields) };
    if (fields.postalCode !== undefined || fields.state !== undefined) {
      await refuseAddressOutsideItsPin(next, this.stateOfPincode);
    }
    return writeTransaction(this.db, async (trx) => {
      await this.lockBook(trx, owner);
      await this.find(trx, owner, id);
      if (isDefault === true) await this.unsetDefault(trx, owner);
      await trx
        .updateTable('addresses')
        .set({
          ...columnsOf(next),
          ...(isDefault === true ? { is_default: 1 } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      return toSavedAddress(await this.find(trx, owner, id));
    });
  }

  /** Removes an address; when it was the default, the newest one left becomes the default. */
  async remove(owner: Owner, id: string): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      await this.lockBook(trx, owner);
      const gone = await this.find(trx, owner, id);
      await trx.deleteFrom('addresses').where('id', '=', id).execute();
      if (gone.is_default !== 1) return;
      const newest = await this.owned(trx, owner)
        .select('id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (newest) await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', newest.id).execute();
    });
  }

  /** Every address of an account, when the account is erased (in the erasure's transaction). */
  async eraseAll(trx: Database, userId: string): Promise<void> {
    await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
  }

  /** Inserts unless the book is full (undefined then); the first address is the default whatever was asked. */
  private async insert(
    trx: Database,
    owner: Owner,
    address: ShippingAddressInput,
    makeDefault: boolean,
  ): Promise<SavedAddress | undefined> {
    await this.lockBook(trx, owner);
    const held = await this.owned(trx, owner).select(['id', 'is_default']).execute();
    if (held.length >= MAX_SAVED_ADDRESSES) return undefined;
    const isDefault = makeDefault || !held.some((row) => row.is_default === 1);
    if (isDefault) await this.unsetDefault(trx, owner);
    const now = nowIso();
    const row: AddressesTable = {
      id: newId(),
      store_id: owner.storeId,
      user_id: owner.userId,
      ...columnsOf(address),
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('addresses').values(row).execute();
    return toSavedAddress(row);
  }

  private owned(db: Database, owner: Owner) {
    return db.selectFrom('addresses').where('store_id', '=', owner.storeId).where('user_id', '=', owner.userId);
  }

  /** Another shopper's address, or none, is the same 404: ids tell nothing about other accounts. */
  private async find(db: Database, owner: Owner, id: string) {
    const row = await this.owned(db, owner).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return row;
  }

  private async unsetDefault(trx: Database, owner: Owner): Promise<void> {
    await trx
      .updateTable('addresses')
      .set({ is_default: 0 })
      .where('store_id', '=', owner.storeId)
      .where('user_id', '=', owner.userId)
      .where('is_default', '=', 1)
      .execute();
  }

  /**
   * PostgreSQL runs requests side by side: one account's address changes take turns, so two saves at
   * once cannot make eleven or two defaults. SQLite's write lock already runs them one by one.
   */
  private async lockBook(trx: Database, owner: Owner): Promise<void> {
    if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
    await sql`select pg_advisory_xact_lock(hashtext(${`addresses|${owner.storeId}|${owner.userId}`}))`.execute(trx);
  }
}

function columnsOf(address: ShippingAddressInput) {
  return {
    full_name: address.fullName,
    address: address.address,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    phone: address.phone,
  };
}

function toSavedAddress(row: AddressesTable): SavedAddress {
  return {
    id: row.id,
    fullName: row.full_name,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
