import { describe, expect, it } from 'vitest';
import { toOrderView } from './order-view';

describe('toOrderView', () => {
  it('shows the address, Standard Shipping, no tracking yet and the total of its lines', () => {
    const view = toOrderView({
      id: 'ABC123',
      status: 0,
      createdAt: '2026-11-22T10:00:00Z',
      items: [
        { id: 'i1', productId: 'p1', productTitle: 'Hub', quantity: 2, price: 1499.5 },
        { id: 'i2', productId: 'p2', productTitle: 'Cable', quantity: 1, price: 499 },
      ],
      shippingAddress: {
        fullName: 'Asha',
        address: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        phone: '9845012345',
      },
      trackingNumber: null,
    });
    expect(view.shipping).toEqual({
      fullName: 'Asha',
      address: '12 MG Road, Pune, Maharashtra, 411001',
      method: 'Standard Shipping',
      tracking: 'Not available',
    });
    expect(view.items.map((item) => item.name)).toEqual(['Hub', 'Cable']);
    expect(view.total).toBe(3498);
  });
});
