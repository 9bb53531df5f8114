import {
  type DeliveryEstimate,
  type Order,
  type OrderCharge,
  type OrderDocument,
  OrderStatus,
} from '@netkart/contract';

/** An order as the screens show it (spec section 3, "Order as shown"). */
export interface OrderView {
  id: string;
  date: string;
  status: unknown;
  shipping: {
    fullName: string;
    address: string;
    method: string;
    tracking: string;
    /** The courier, and its tracking page for the parcel (https only), when the shop gave them. */
    courier: string | null;
    trackingUrl: string | null;
  };
  items: { id: string; name: string; quantity: number; price: number; size: string | null; color: string | null }[];
  /** What the order charges beyond its items (shipping …), each part of the total. */
  charges: OrderCharge[];
  total: number;
  /** Why the order was cancelled (e.g. 'Payment not received'); only for a Cancelled order. */
  cancelReason: string | null;
  /** The invoice (or receipt) issued when it was paid, and the credit note if it was then cancelled. */
  documents: OrderDocument[];
  /** The delivery promised at placing, while the order is still on its way to the shopper (not delivered or cancelled). */
  deliveryEstimate: DeliveryEstimate | null;
}

export const NOT_AVAILABLE = 'Not available';
export const STANDARD_SHIPPING = 'Standard Shipping';

export function toOrderView(order: Partial<Order> & { id: string }): OrderView {
  const address = order.shippingAddress;
  const charges = order.charges ?? [];
  const items = (order.items ?? []).map((item) => ({
    id: item.id,
    name: item.productTitle,
    quantity: item.quantity,
    price: item.price,
    size: item.size ?? null,
    color: item.color ?? null,
  }));
  return {
    id: order.id,
    date: order.createdAt ?? '',
    status: order.status ?? 0,
    shipping: {
      fullName: address?.fullName ?? '',
      address: address
        ? [address.address, address.city, address.state, address.postalCode].filter(Boolean).join(', ')
        : '',
      method: order.shippingMethod || STANDARD_SHIPPING,
      tracking: order.trackingNumber || NOT_AVAILABLE,
      courier: order.courier || null,
      trackingUrl: order.trackingUrl?.startsWith('https://') ? order.trackingUrl : null,
    },
    items,
    cancelReason: order.status === OrderStatus.Cancelled ? (order.cancelReason ?? null) : null,
    documents: order.documents ?? [],
    deliveryEstimate:
      order.status === OrderStatus.Delivered || order.status === OrderStatus.Cancelled
        ? null
        : (order.deliveryEstimate ?? null),
    charges,
    // Spec: the sum of price × quantity; and the charges beyond the items (shipping), as the order's total holds them.
    total:
      items.reduce((sum, item) => sum + item.price * item.quantity, 0) +
      charges.reduce((sum, charge) => sum + charge.amount, 0),
  };
}
