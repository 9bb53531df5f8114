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
