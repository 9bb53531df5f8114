import type { Database } from './schema.js';

/**
 * The next number of a store's sequence (ticket numbers, invoice numbers), in the caller's
 * transaction: each value is handed out once, with no gaps from rolled-back callers, and two
 * transactions asking at once get different numbers (the row's update lock orders them).
 */
export async function nextInSequence(trx: Database, storeId: string, name: string): Promise<number> {
  await trx
    .insertInto('sequences')
    .values({ id: `${storeId}:${name}`, store_id: storeId, name, value: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await trx
    .updateTable('sequences')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('id', '=', `${storeId}:${name}`)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Moves a store's marker (e.g. the last day a daily message went out) forward to `value`, in the
 * caller's transaction. True for the one caller that moved it: a second process, or a second run
 * the same day, finds it already there.
 */
export async function advanceMarker(trx: Database, storeId: string, name: string, value: number): Promise<boolean> {
  await trx
    .insertInto('sequences')
    .values({ id: `${storeId}:${name}`, store_id: storeId, name, value: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const moved = await trx
    .updateTable('sequences')
    .set({ value })
    .where('id', '=', `${storeId}:${name}`)
    .where('value', '<', value)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
