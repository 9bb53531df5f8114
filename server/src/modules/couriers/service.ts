import fs from 'node:fs';
import path from 'node:path';
import { OrderStatus, RETURNED_TO_ORIGIN_REASON } from '@netkart/contract';
import type { CourierBookingRow, Database, OrderRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import type { CatalogService } from '../catalog/service.js';
import { type MoveBy, ORDER_NOT_FOUND, type OrderService } from '../orders/service.js';
import { statusLabel } from '../orders/status.js';
import { parcelOf } from './parcel.js';
import { type CourierEnvironment, CourierError, type TrackingUpdate } from './provider.js';
import { courierProviderNamed } from './registry.js';
import { describeCourier, type StoreCourier, setStoreCourier, storeCourier, tokenKeeper } from './settings.js';

/** A booking's steps, in order: each is kept once done, so a retry starts at the first not done. */
export type BookingState = 'creating' | 'created' | 'awb' | 'pickup' | 'labelled' | 'shipped';

/** How long one attempt may hold a booking before another may take it over. */
const BUSY_MS = 2 * 60_000;

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
    const by = { actor: `courier:${title.toLowerCase()}`, note: trackingNote(update) };
    const order = await this.orders.findRow(storeId, orderId, trx);
    if (!order) return;
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

/** The timeline's words for a courier's event: 'OUT FOR DELIVERY at Bengaluru_Hub'. */
const trackingNote = (update: TrackingUpdate) =>
  `${update.status}${update.location ? ` at ${update.location}` : ''} (AWB ${update.awb})`;
