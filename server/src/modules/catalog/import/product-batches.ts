import type { Database, ProductRow } from '../../../db/schema.js';

/** The store's products in the catalogue's order, a batch at a time, by keyset (position, id). */
export async function* batchesOf(db: Database, storeId: string, batchSize: number): AsyncGenerator<ProductRow[]> {
  let after: { position: number; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom('products').selectAll().where('store_id', '=', storeId);
    if (after) {
      const { position, id } = after;
      query = query.where((eb) =>
        eb.or([eb('position', '>', position), eb.and([eb('position', '=', position), eb('id', '>', id)])]),
      );
    }
    const rows = await query.orderBy('position').orderBy('id').limit(batchSize).execute();
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { position: Number(last.position), id: last.id };
  }
}
