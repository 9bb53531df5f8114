import type { OrderItemRow, OrderRow, ProductRow } from '../../db/schema.js';
import type { CourierSettings, Parcel, ReverseParcel } from './provider.js';

/**
 * Whether the buyer pays the courier on delivery. Hook: cash on delivery arrives with its own change
 * (a payment method kept on the order); until then every booked order was paid online.
 */
const paysOnDelivery = (order: OrderRow): boolean =>
  (order as OrderRow & { payment_method?: string | null }).payment_method === 'cod' || order.payment_provider === 'cod';

/**
 * The order as a courier books it. Weight and size: the store's default parcel. Hook: products gain
 * their own weight and dimensions in another change; the parcel will then be worked out from them.
 */
export async function parcelOf(
  order: OrderRow,
  items: OrderItemRow[],
  settings: CourierSettings,
  productOf: (productId: string) => Promise<ProductRow | undefined>,
): Promise<Parcel> {
  const [length, breadth, height] = (settings.parcelSizeCm ?? '20x15x10').split('x').map(Number);
  const lines = await Promise.all(
    items.map(async (item) => ({
      name: [item.product_title, item.size, item.color].filter(Boolean).join(' · '),
      sku: (await productOf(item.product_id))?.sku ?? item.product_id,
      units: item.quantity,
      unitPrice: Number(item.unit_price) / 100,
      hsn: item.hsn ?? null,
    })),
  );
  return {
    orderId: order.id,
    placedAt: order.created_at,
    buyer: {
      name: order.full_name,
      email: order.email,
      phone: order.phone.replace(/\D/g, '').slice(-10),
      address: order.address,
      city: order.city,
      state: order.state,
      postalCode: order.postal_code,
    },
    lines,
    total: Number(order.total) / 100,
    paymentMethod: paysOnDelivery(order) ? 'COD' : 'Prepaid',
    weightKg: Number(settings.parcelWeightKg ?? '0.5'),
    lengthCm: length ?? 20,
    breadthCm: breadth ?? 15,
    heightCm: height ?? 10,
  };
}

/** A return's reverse pickup: the returned lines, collected at the order's address, in the store's default parcel. */
export async function reverseParcelOf(
  key: string,
  order: OrderRow,
  lines: { item: OrderItemRow; quantity: number }[],
  settings: CourierSettings,
  productOf: (productId: string) => Promise<ProductRow | undefined>,
): Promise<ReverseParcel> {
  const forward = await parcelOf(
    order,
    lines.map(({ item, quantity }) => ({ ...item, quantity })),
    settings,
    productOf,
  );
  return {
    key,
    placedAt: new Date().toISOString(),
    shopper: forward.buyer,
    lines: forward.lines,
    total: Math.round(forward.lines.reduce((total, line) => total + line.unitPrice * 100 * line.units, 0)) / 100,
    weightKg: forward.weightKg,
    lengthCm: forward.lengthCm,
    breadthCm: forward.breadthCm,
    heightCm: forward.heightCm,
  };
}
