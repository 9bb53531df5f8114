import type { Order } from '@netkart/contract';

/** A shopper's address in Bengaluru, as the tests' orders ship to it. */
export const SAMPLE_ADDRESS: Order['shippingAddress'] = {
  fullName: 'Asha Rao',
  address: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+91 98450 12345',
};

/** One line of an order: a hub, unless a test says otherwise. */
export const anOrderLine = (overrides: Partial<Order['items'][number]> = {}): Order['items'][number] => ({
  id: 'line-1',
  productId: 'p1',
  productTitle: 'USB-C Hub 7-in-1',
  quantity: 1,
  price: 2499,
  size: null,
  color: null,
  ...overrides,
});

/** An order as the API answers it: Pending, one hub, not shipped, unless a test says otherwise. */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  id: '7KX2M9QH4D',
  status: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  items: [anOrderLine()],
  shippingAddress: SAMPLE_ADDRESS,
  total: 2499,
  shippingMethod: 'Standard Shipping',
  trackingNumber: null,
  courier: null,
  trackingUrl: null,
  cancelReason: null,
  documents: [],
  deliveryEstimate: null,
  charges: [],
  ...overrides,
});
