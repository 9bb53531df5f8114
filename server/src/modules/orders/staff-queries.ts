import { indianMobileDigits, OrderStatus } from '@netkart/contract';
import { sql } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.js';

const STATUSES = Object.values(OrderStatus);

/** The back office's order list: a search or the whole store, within placing times, one page of it. */
export interface StaffOrderQuery {
  /** An order id, an email, a phone number however typed, an AWB, or any part of the customer's name. */
  text?: string;
  status?: number;
  /** ISO instants: placed at or after `from`, before `to`. */
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/** One page of orders, how many match in all, and how many match in each status. */
export interface StaffOrderPage {
  rows: OrderRow[];
  total: number;
  counts: Record<string, number>;
}

/**
 * The orders as the back office reads them: lists, searches, figures for the dashboard and the
 * accountant's export. Reads only; every change goes through the order service's state machine.
 */
export class OrderStaffQueries {
  constructor(private readonly db: Database) {}

  async page(storeId: string, query: StaffOrderQuery): Promise<StaffOrderPage> {
    const matching = this.matching(storeId, query);
    const listed = query.status === undefined ? matching : matching.where('status', '=', query.status);
    // Deferred join: the page's ids come from the index alone, however deep the page; then their rows.
    const pageIds = listed
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(query.offset)
      .limit(query.limit);
    const [rows, counted] = await Promise.all([
      this.db
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', pageIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      matching
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute(),
    ]);
    const counts = Object.fromEntries(STATUSES.map((status) => [String(status), 0]));
    for (const { status, count } of counted) counts[String(status)] = Number(count);
    const total =
      query.status === undefined
        ? Object.values(counts).reduce((sum, count) => sum + count, 0)
        : (counts[String(query.status)] ?? 0);
    return { rows, total, counts };
  }

  /** How many items each order holds (the quantities of its lines added up). */
  async itemCounts(orderIds: string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const quantities = await this.db
      .selectFrom('order_items')
      .select(['order_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')])
      .where('order_id', 'in', orderIds)
      .groupBy('order_id')
      .execute();
    return new Map(quantities.map((line) => [line.order_id, Number(line.quantity)]));
  }

  /** Orders placed from `from` to before `to` (ISO instants), oldest first, a batch after the order `after`. */
  placedBetween(
    storeId: string,
    span: { from: string; to: string },
    after: { created_at: string; id: string } | undefined,
    limit: number,
  ): Promise<OrderRow[]> {
    let query = this.db
      .selectFrom('orders')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('created_at', '>=', span.from)
      .where('created_at', '<', span.to);
    if (after) {
      const { created_at: time, id } = after;
      query = query.where((eb) =>
        eb.or([eb('created_at', '>', time), eb.and([eb('created_at', '=', time), eb('id', '>', id)])]),
      );
    }
    return query.orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  /** The orders in these statuses placed since an ISO instant: their ids, totals and times. */
  inStatusesSince(
    storeId: string,
    statuses: OrderStatus[],
    since: string,
  ): Promise<Pick<OrderRow, 'id' | 'total' | 'created_at'>[]> {
    return this.db
      .selectFrom('orders')
      .select(['id', 'total', 'created_at'])
      .where('store_id', '=', storeId)
      .where('status', 'in', statuses)
      .where('created_at', '>=', since)
      .execute();
  }

  /** How many of the store's orders are in each of these statuses (a status with none is left out). */
  async countInStatuses(storeId: string, statuses: OrderStatus[]): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('store_id', '=', storeId)
      .where('status', 'in', statuses)
      .groupBy('status')
      .execute();
    return new Map(rows.map((row) => [Number(row.status), Number(row.count)]));
  }

  private matching(storeId: string, query: StaffOrderQuery) {
    const text = query.text?.trim();
    // A search is one indexed look-up per meaning of the text, put together (an OR of columns, or a
    // store-wide scan checking each id, would read every order of the store); a list is the store's orders.
    // A name is any part of it, in any case: the store's orders are read for it (no index finds a middle).
    const found = text
      ? [
          ...searchTerms(text).map(([column, value]) =>
            this.db.selectFrom('orders').select('id').where('store_id', '=', storeId).where(column, '=', value),
          ),
          ...(/\p{L}/u.test(text)
            ? [
                this.db
                  .selectFrom('orders')
                  .select('id')
                  .where('store_id', '=', storeId)
                  .where(sql<boolean>`lower(full_name) like ${namePattern(text)} escape '\\'`),
              ]
            : []),
        ].reduce((union, next) => union.union(next))
      : undefined;
    let orders = found
      ? this.db.selectFrom('orders').where('id', 'in', found)
      : this.db.selectFrom('orders').where('store_id', '=', storeId);
    if (query.from) orders = orders.where('created_at', '>=', query.from);
    if (query.to) orders = orders.where('created_at', '<', query.to);
    return orders;
  }
}

type SearchColumn = 'id' | 'email' | 'phone_digits' | 'tracking_number';

/** `%asha rao%` for "Asha  Rao": lower case, spaces made one, LIKE's own characters taken as they are. */
function namePattern(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${words}%`;
}

/**
 * What a search box's text can be, each looked up through an index: an order id, an email, or a
 * phone number however it was typed (+91 98450 12345, 098450-12345, 9845012345).
 */
function searchTerms(text: string): [SearchColumn, string][] {
  const terms: [SearchColumn, string][] = [
    ['id', text.toUpperCase()],
    ['email', text.toLowerCase()],
    ['tracking_number', text],
  ];
  if (text.toUpperCase() !== text) terms.push(['tracking_number', text.toUpperCase()]);
  const mobile = indianMobileDigits(text);
  if (mobile) for (const digits of [mobile, `91${mobile}`, `0${mobile}`]) terms.push(['phone_digits', digits]);
  else if (/^[+\d\s()-]+$/.test(text)) terms.push(['phone_digits', text.replace(/\D/g, '')]);
  return terms;
}
