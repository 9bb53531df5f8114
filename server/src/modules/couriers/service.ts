import fs from 'node:fs';
import path from 'node:path';
import { OrderStatus, RETURNED_TO_ORIGIN_REASON } from '@netkart/contract';
import type { CourierBookingRow, Database, OrderItemRow, OrderRow, ReturnPickupRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import type { CatalogService } from '../catalog/service.js';
import {
  type MoveBy,
  ORDER_NOT_FOUND,
  type OrderChange,
  type OrderService,
  type TimelineEntry,
  type TimelineSource,
} from '../orders/service.js';
import { statusLabel } from '../orders/status.js';
import { parcelOf, reverseParcelOf } from './parcel.js';
import { type CourierEnvironment, CourierError, type TrackingUpdate } from './provider.js';
import { courierProviderNamed } from './registry.js';
import { describeCourier, type StoreCourier, setStoreCourier, storeCourier, tokenKeeper } from './settings.js';

/** A booking's steps, in order: each is kept once done, so a retry starts at the first not done. */
export type BookingState = 'creating' | 'created' | 'awb' | 'pickup' | 'labelled' | 'shipped';

/** How long one attempt may hold a booking before another may take it over. */
const BUSY_MS = 2 * 60_000;

/** A cancellation at the courier is tried at once, then after these waits; after the last it is given up. */
const CANCEL_WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 6 * 3_600_000];

/** What became of cancelling a booking at the courier: the back office shows it. */
export interface BookingCancellation {
  state: 'due' | 'done' | 'failed';
  attempts: number;
  result: string | null;
  at: string | null;
}

/** What a tracking webhook did: recorded once, and whether it moved the order or added to its timeline. */
export interface TrackingResult {
  duplicate: boolean;
  applied: boolean;
  orderId?: string;
}

/**
 * Books Paid orders with the store's courier service and follows their parcels. A booking row per
 * order walks creating → created → awb → pickup → labelled → shipped; every step is written once
 * done, and creation first asks the courier for an order it may already hold under our number, so
 * a retry (after a timeout, a crash, a refusal) resumes and never books twice.
 */
export class CourierService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    private readonly catalog: CatalogService,
    private readonly environment: CourierEnvironment,
  ) {}

  courierOf(storeId: string): Promise<StoreCourier | undefined> {
    return storeCourier(this.db, storeId);
  }

  configure(storeId: string, provider: string, given: Record<string, string | undefined>) {
    return setStoreCourier(this.db, storeId, provider, given);
  }

  /** The store ships by hand again: its courier settings and token are forgotten (its bookings stay). */
  async clear(storeId: string): Promise<void> {
    await this.db.deleteFrom('courier_settings').where('store_id', '=', storeId).execute();
  }

  async describe(storeId: string): Promise<Record<string, string>> {
    return describeCourier(await this.courierOf(storeId));
  }

  bookingOf(storeId: string, orderId: string, db: Database = this.db): Promise<CourierBookingRow | undefined> {
    return db
      .selectFrom('courier_bookings')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  /** The tracking events the courier sent for an order, oldest first (replays and late ones included once). */
  events(storeId: string, orderId: string) {
    return this.db
      .selectFrom('courier_events')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId)
      .orderBy('happened_at')
      .execute();
  }

  /** The label's PDF of a booked order, or undefined when it has none. */
  async label(storeId: string, orderId: string): Promise<Buffer | undefined> {
    const booking = await this.bookingOf(storeId, orderId);
    if (!booking?.label_file) return undefined;
    try {
      return await fs.promises.readFile(path.join(this.environment.labelsDir, booking.label_file));
    } catch {
      return undefined;
    }
  }

  /**
   * Ships a Paid order through the store's courier service: books it (or resumes its booking), and
   * moves it to Shipped with the courier, the AWB and the tracking page. A courier's refusal is a
   * 422 with its words, silence a 424; the order is then unchanged and a retry resumes.
   */
  async ship(
    storeId: string,
    orderId: string,
    by: MoveBy,
    providerName?: string,
  ): Promise<{ order: OrderRow; booking: CourierBookingRow }> {
    const courier = await this.courierOf(storeId);
    if (!courier) {
      throw new HttpError(
        400,
        'No courier service is set up for this store: set one with `store couriers set --provider shiprocket …`, or ship by hand with the courier and tracking number.',
        {},
        'provider',
      );
    }
    if (providerName && providerName !== courier.provider.name) {
      const known = courierProviderNamed(providerName);
      throw new HttpError(
        400,
        known
          ? `This store books through ${courier.provider.title}, not ${known.title}.`
          : `'${providerName}' is not a courier service the shop books through; this store uses ${courier.provider.name}.`,
        {},
        'provider',
      );
    }
    const order = await this.orders.findRow(storeId, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const existing = await this.bookingOf(storeId, order.id);
    if (existing?.state === 'shipped') return { order, booking: existing };
    if (order.status !== OrderStatus.Processing) {
      throw conflict(
        `Only a Paid (Processing) order is booked with a courier; this order is ${statusLabel(order.status)}.`,
      );
    }
    const booking = await this.claim(storeId, order.id, courier.provider.name);
    try {
      return await this.walk(courier, order, booking, by);
    } catch (error) {
      if (error instanceof CourierError) throw new HttpError(error.statusCode, error.message);
      throw error;
    } finally {
      await this.db.updateTable('courier_bookings').set({ busy_until: null }).where('id', '=', booking.id).execute();
    }
  }

  /** The order's booking, made if new, held by this attempt alone (a second attempt at once is told to wait). */
  private async claim(storeId: string, orderId: string, provider: string): Promise<CourierBookingRow> {
    const now = nowIso();
    await this.db
      .insertInto('courier_bookings')
      .values({
        id: newId(),
        store_id: storeId,
        order_id: orderId,
        provider,
        state: 'creating',
        provider_order_id: null,
        shipment_id: null,
        awb: null,
        courier_name: null,
        label_file: null,
        busy_until: null,
        last_event_at: null,
        last_status: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['store_id', 'order_id']).doNothing())
      .execute();
    const claimed = await this.db
      .updateTable('courier_bookings')
      .set({ busy_until: new Date(Date.now() + BUSY_MS).toISOString() })
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId)
      .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<', now)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw conflict('This order is being booked with the courier right now. Please wait a minute and look again.');
    }
    const booking = await this.bookingOf(storeId, orderId);
    if (!booking) throw new Error('The booking just made could not be read back.');
    return booking;
  }

  private async step(booking: CourierBookingRow, state: BookingState, change: Partial<CourierBookingRow> = {}) {
    const values = { ...change, state, updated_at: nowIso() };
    await this.db.updateTable('courier_bookings').set(values).where('id', '=', booking.id).execute();
    return { ...booking, ...values };
  }

  private async walk(courier: StoreCourier, order: OrderRow, start: CourierBookingRow, by: MoveBy) {
    const api = courier.provider.api(courier.settings, this.environment, tokenKeeper(this.db, order.store_id));
    let booking = start;
    if (booking.state === 'creating') {
      // The courier does not deduplicate: an order it already holds under our number is this booking's.
      const held =
        (await api.findOrder(order.id)) ??
        (await api.createOrder(
          await parcelOf(order, await this.orders.itemRows(order.id), courier.settings, (productId) =>
            this.catalog.getAny(order.store_id, productId),
          ),
        ));
      booking = await this.step(booking, held.awb ? 'awb' : 'created', {
        provider_order_id: held.providerOrderId,
        shipment_id: held.shipmentId,
        ...(held.awb ? { awb: held.awb, courier_name: held.courierName ?? courier.provider.title } : {}),
      });
    }
    const shipmentId = booking.shipment_id ?? '';
    if (booking.state === 'created') {
      const assigned = await api.assignAwb(shipmentId);
      booking = await this.step(booking, 'awb', { awb: assigned.awb, courier_name: assigned.courierName });
    }
    if (booking.state === 'awb') {
      await api.requestPickup(shipmentId);
      booking = await this.step(booking, 'pickup');
    }
    if (booking.state === 'pickup') {
      const pdf = await api.label(shipmentId);
      const file = path.join(order.store_id, `${order.id}.pdf`);
      await fs.promises.mkdir(path.join(this.environment.labelsDir, order.store_id), { recursive: true });
      await fs.promises.writeFile(path.join(this.environment.labelsDir, file), pdf);
      booking = await this.step(booking, 'labelled', { label_file: file });
    }
    const awb = booking.awb ?? '';
    const moved = await writeTransaction(this.db, async (trx) => {
      const row = await this.orders.move(order.store_id, order.id, OrderStatus.Shipped, {
        db: trx,
        by: { ...by, note: by.note ?? `booked with ${courier.provider.title}, AWB ${awb}` },
        shipment: {
          courier: booking.courier_name ?? courier.provider.title,
          trackingNumber: awb,
          trackingUrl: courier.provider.trackingUrl(awb),
        },
      });
      await trx
        .updateTable('courier_bookings')
        .set({ state: 'shipped', updated_at: nowIso() })
        .where('id', '=', booking.id)
        .execute();
      return row;
    });
    return { order: moved, booking: { ...booking, state: 'shipped' } };
  }

  /**
   * Books a return's reverse pickup with the store's courier service (a Shiprocket return order from
   * the shopper's address to the store's pickup location, then its AWB) and gives the courier and
   * AWB. One row per return keeps each step once done, and creation first asks the courier for a
   * return order it already holds under the return's key, so a retry never books twice. Without a
   * courier service it is a 409 (book it by hand); a refusal is a 422 and silence a 424, retried safely.
   */
  async bookReturnPickup(pickup: {
    storeId: string;
    order: OrderRow;
    returnId: string;
    lines: { item: OrderItemRow; quantity: number }[];
  }): Promise<{ courier: string; awb: string }> {
    const { storeId, order, returnId } = pickup;
    const courier = await this.courierOf(storeId);
    if (!courier) {
      throw conflict(
        'via: this store has no courier service set up (store couriers set --provider shiprocket …): book it by hand with its AWB.',
      );
    }
    const row = await this.claimReturn(storeId, returnId, order.id, courier.provider.name);
    try {
      const api = courier.provider.api(courier.settings, this.environment, tokenKeeper(this.db, storeId));
      let booking = row;
      const stepTo = async (state: string, change: Partial<ReturnPickupRow>) => {
        const values = { ...change, state, updated_at: nowIso() };
        await this.db.updateTable('return_pickups').set(values).where('id', '=', booking.id).execute();
        booking = { ...booking, ...values };
      };
      if (booking.state === 'creating') {
        const key = returnKey(returnId);
        // The courier does not deduplicate: a return order it already holds under our key is this one.
        const held =
          (await api.findReturn(key)) ??
          (await api.createReturn(
            await reverseParcelOf(key, order, pickup.lines, courier.settings, (productId) =>
              this.catalog.getAny(storeId, productId),
            ),
          ));
        await stepTo(held.awb ? 'awb' : 'created', {
          provider_order_id: held.providerOrderId,
          shipment_id: held.shipmentId,
          ...(held.awb ? { awb: held.awb, courier_name: held.courierName ?? courier.provider.title } : {}),
        });
      }
      if (booking.state === 'created') {
        const assigned = await api.assignReturnAwb(booking.shipment_id ?? '');
        await stepTo('awb', { awb: assigned.awb, courier_name: assigned.courierName });
      }
      return { courier: booking.courier_name ?? courier.provider.title, awb: booking.awb ?? '' };
    } catch (error) {
      if (error instanceof CourierError) throw new HttpError(error.statusCode, error.message);
      throw error;
    } finally {
      await this.db.updateTable('return_pickups').set({ busy_until: null }).where('id', '=', row.id).execute();
    }
  }

  /** The return's pickup booking, if one was started. */
  returnPickupOf(storeId: string, returnId: string): Promise<ReturnPickupRow | undefined> {
    return this.db
      .selectFrom('return_pickups')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('return_id', '=', returnId)
      .executeTakeFirst();
  }

  /** The return's pickup booking, made if new, held by this attempt alone. */
  private async claimReturn(
    storeId: string,
    returnId: string,
    orderId: string,
    provider: string,
  ): Promise<ReturnPickupRow> {
    const now = nowIso();
    await this.db
      .insertInto('return_pickups')
      .values({
        id: newId(),
        store_id: storeId,
        return_id: returnId,
        order_id: orderId,
        provider,
        state: 'creating',
        provider_order_id: null,
        shipment_id: null,
        awb: null,
        courier_name: null,
        busy_until: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['store_id', 'return_id']).doNothing())
      .execute();
    const claimed = await this.db
      .updateTable('return_pickups')
      .set({ busy_until: new Date(Date.now() + BUSY_MS).toISOString() })
      .where('store_id', '=', storeId)
      .where('return_id', '=', returnId)
      .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<', now)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw conflict(
        "This return's pickup is being booked with the courier right now. Please wait a minute and look again.",
      );
    }
    const row = await this.returnPickupOf(storeId, returnId);
    if (!row) throw new Error('The pickup booking just made could not be read back.');
    return row;
  }

  /**
   * Told of each order change in its transaction: a cancelled order whose booking the courier holds
   * has that booking marked for cancelling there, which `cancelDue` does after the commit (no call to
   * the courier inside the order's transaction). A parcel back at origin (RTO) is the courier's own end.
   */
  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    if (change.kind !== 'moved' || change.to !== OrderStatus.Cancelled) return;
    if (change.order.cancel_reason === RETURNED_TO_ORIGIN_REASON) return;
    const now = nowIso();
    await trx
      .updateTable('courier_bookings')
      .set({ cancel_state: 'due', cancel_next_at: now, updated_at: now })
      .where('store_id', '=', change.order.store_id)
      .where('order_id', '=', change.order.id)
      .where('provider_order_id', 'is not', null)
      .where('cancel_state', 'is', null)
      .execute();
  }

  /**
   * Cancels at the courier the bookings of cancelled orders that are due (all, or one order's): each
   * attempt is claimed first (several processes never ask twice at once), its answer recorded; a
   * courier that fails or is silent is asked again later, one that refuses is not.
   */
  async cancelDue(now = Date.now(), only?: { storeId: string; orderId: string }): Promise<number> {
    let query = this.db
      .selectFrom('courier_bookings')
      .selectAll()
      .where('cancel_state', '=', 'due')
      .where('cancel_next_at', '<=', new Date(now).toISOString());
    if (only) query = query.where('store_id', '=', only.storeId).where('order_id', '=', only.orderId.toUpperCase());
    const due = await query.orderBy('cancel_next_at').limit(50).execute();
    let done = 0;
    for (const booking of due) {
      const claimed = await this.db
        .updateTable('courier_bookings')
        .set({ cancel_next_at: new Date(now + BUSY_MS).toISOString() })
        .where('id', '=', booking.id)
        .where('cancel_state', '=', 'due')
        .where('cancel_next_at', '=', booking.cancel_next_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (await this.cancelAtCourier(booking, now)) done += 1;
    }
    return done;
  }

  /** One attempt: true when the courier cancelled it. */
  private async cancelAtCourier(booking: CourierBookingRow, now: number): Promise<boolean> {
    const attempts = Number(booking.cancel_attempts) + 1;
    const record = (values: Partial<CourierBookingRow>) =>
      this.db
        .updateTable('courier_bookings')
        .set({ ...values, cancel_attempts: attempts, updated_at: nowIso() })
        .where('id', '=', booking.id)
        .execute();
    const courier = await this.courierOf(booking.store_id);
    if (!courier || courier.provider.name !== booking.provider) {
      await record({
        cancel_state: 'failed',
        cancel_result: `The store no longer books through ${booking.provider}: cancel order ${booking.provider_order_id} in its panel.`,
      });
      return false;
    }
    try {
      const api = courier.provider.api(courier.settings, this.environment, tokenKeeper(this.db, booking.store_id));
      const said = await api.cancelOrder(booking.provider_order_id ?? '');
      await record({ cancel_state: 'done', cancel_result: said, cancelled_at: nowIso(), cancel_next_at: null });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = error instanceof CourierError && error.statusCode === 422;
      const wait = CANCEL_WAITS_MS[attempts - 1];
      if (refused || wait === undefined) {
        await record({
          cancel_state: 'failed',
          cancel_result: refused ? message : `Gave up after ${attempts} tries: ${message}`,
          cancel_next_at: null,
        });
      } else {
        await record({ cancel_result: message, cancel_next_at: new Date(now + wait).toISOString() });
      }
      return false;
    }
  }

  /** What became of cancelling the order's booking at the courier, or undefined when none was asked. */
  async cancellationOf(storeId: string, orderId: string): Promise<BookingCancellation | undefined> {
    const booking = await this.bookingOf(storeId, orderId.toUpperCase());
    if (!booking?.cancel_state) return undefined;
    return {
      state: booking.cancel_state as BookingCancellation['state'],
      attempts: Number(booking.cancel_attempts),
      result: booking.cancel_result,
      at: booking.cancelled_at,
    };
  }

  /**
   * A tracking webhook: checked by the provider (401 when its token is wrong: nothing recorded), then
   * recorded once by its key. Delivered moves the order to Delivered, returned to origin cancels it
   * with its stock back; other steps join the order's timeline. An event older than the newest
   * applied is recorded but moves nothing back.
   */
  async trackingUpdate(
    storeId: string,
    providerName: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<TrackingResult> {
    const courier = await this.courierOf(storeId);
    const provider = courierProviderNamed(providerName);
    if (!provider) throw notFound(`There is no courier service '${providerName}'.`);
    if (!courier || courier.provider.name !== provider.name) {
      throw new HttpError(
        401,
        `This store does not take ${provider.title}'s webhooks: it has no ${provider.title} settings.`,
      );
    }
    const update = provider.readWebhook(headers, body, courier.settings);
    return writeTransaction(this.db, async (trx) => {
      const booking = await trx
        .selectFrom('courier_bookings')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('awb', '=', update.awb)
        .executeTakeFirst();
      if (!booking) return { duplicate: false, applied: false };
      const key = `${update.awb}|${update.statusCode ?? update.status}|${update.happenedAt}`;
      const fresh = !booking.last_event_at || update.happenedAt >= booking.last_event_at;
      const inserted = await trx
        .insertInto('courier_events')
        .values({
          id: newId(),
          store_id: storeId,
          order_id: booking.order_id,
          awb: update.awb,
          event_key: key,
          status: update.status,
          status_code: update.statusCode,
          location: update.location,
          happened_at: update.happenedAt,
          applied: fresh ? 1 : 0,
          received_at: nowIso(),
        })
        .onConflict((conflict) => conflict.columns(['store_id', 'event_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { duplicate: true, applied: false, orderId: booking.order_id };
      if (!fresh) return { duplicate: false, applied: false, orderId: booking.order_id };
      await this.apply(trx, storeId, booking.order_id, update, provider.title);
      await trx
        .updateTable('courier_bookings')
        .set({ last_event_at: update.happenedAt, last_status: update.status, updated_at: nowIso() })
        .where('id', '=', booking.id)
        .execute();
      return { duplicate: false, applied: true, orderId: booking.order_id };
    });
  }

  private async apply(trx: Database, storeId: string, orderId: string, update: TrackingUpdate, title: string) {
    const order = await this.orders.findRow(storeId, orderId, trx);
    if (!order) return;
    // The timeline tells it when the courier saw it, never before the order's last change.
    const at = update.happenedAt > order.updated_at ? update.happenedAt : order.updated_at;
    const by = { actor: `courier:${title.toLowerCase()}`, note: trackingNote(update), at };
    if (update.meaning === 'delivered' && order.status === OrderStatus.Shipped) {
      await this.orders.move(storeId, orderId, OrderStatus.Delivered, { db: trx, by });
    } else if (update.meaning === 'returned-to-origin' && order.status === OrderStatus.Shipped) {
      await this.orders.move(storeId, orderId, OrderStatus.Cancelled, {
        db: trx,
        by,
        cancelReason: RETURNED_TO_ORIGIN_REASON,
      });
    } else {
      await this.orders.recordTracking(trx, storeId, orderId, by);
    }
  }
}

/** Our reference for a return's pickup at the courier (its order id there): one per return. */
export const returnKey = (returnId: string) => `RET-${returnId}`;

/** The timeline's words for a courier's event: 'OUT FOR DELIVERY at Bengaluru_Hub'. */
const trackingNote = (update: TrackingUpdate) =>
  `${update.status}${update.location ? ` at ${update.location}` : ''} (AWB ${update.awb})`;

/** A courier's status in the timeline's words: 'OUT_FOR_DELIVERY' → 'Out for delivery'. */
const sentenceCase = (status: string) => {
  const words = status.replace(/[_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The couriers' part of an order's timeline: each tracking step the courier reported once (in
 * transit, out for delivery, RTO initiated …, where it was), and a booking cancelled at the courier.
 * Delivered and returned to origin are the order's own moves, so they are not told twice.
 */
export const courierTimeline: TimelineSource = async (db, storeId, orderId) => {
  const id = orderId.toUpperCase();
  const [booking, events] = await Promise.all([
    db
      .selectFrom('courier_bookings')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('courier_events')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', id)
      .orderBy('happened_at')
      .execute(),
  ]);
  const provider = booking ? courierProviderNamed(booking.provider) : undefined;
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    const meaning = provider?.meaningOf(event.status_code, event.status) ?? 'other';
    if (meaning === 'delivered' || meaning === 'returned-to-origin') continue;
    const words = event.status.toUpperCase().replace(/[_-]/g, ' ');
    const kind = /OUT FOR DELIVERY/.test(words)
      ? 'out-for-delivery'
      : /^RTO/.test(words)
        ? 'rto-started'
        : meaning === 'on-its-way'
          ? 'in-transit'
          : 'courier';
    entries.push({
      at: event.happened_at,
      kind,
      label: sentenceCase(event.status),
      detail: [event.location, `AWB ${event.awb}`].filter(Boolean).join(' · '),
    });
  }
  if (booking?.cancel_state === 'done' && booking.cancelled_at) {
    entries.push({
      at: booking.cancelled_at,
      kind: 'courier-cancelled',
      label: `Booking cancelled with ${provider?.title ?? booking.provider}`,
    });
  }
  return entries;
};
