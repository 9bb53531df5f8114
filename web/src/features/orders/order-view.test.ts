// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toOrderView } from './order-view';

describe('toOrderView', () => {
  it('shows the address, Standard Shipping, no tracking yet and the total of its lines', () => {
    const view = toOrderView({
      id: 'ABC123',
      status: 0,
      createdAt: '2026-11-22T10:00:00Z',
      items: [
        { id: 'i1', productId: 'p1', productTitle: 'Hub', quantity: 2, price: 1499.5, size: null, color: 'Grey' },
        { id: 'i2', productId: 'p2', productTitle: 'Cable', quantity: 1, price: 499, size: null, color: null },
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
      cancelReason: null,
    });
    expect(view.shipping).toEqual({
      fullName: 'Asha',
      address: '12 MG Road, Pune, Maharashtra, 411001',
      method: 'Standard Shipping',
      tracking: 'Not available',
      courier: null,
      trackingUrl: null,
    });
    expect(view.items.map((item) => item.name)).toEqual(['Hub', 'Cable']);
    expect(view.total).toBe(3498);
    expect(view.items[0]).toMatchObject({ size: null, color: 'Grey' });
    expect(view.cancelReason).toBeNull();
  });

  it("shows the courier and keeps the courier's tracking page only when it is https", () => {
    const shipped = { id: 'S', status: 2, items: [], courier: 'Delhivery', trackingNumber: '1234567890123' };
    expect(
      toOrderView({ ...shipped, trackingUrl: 'https://www.delhivery.com/track/package/1234567890123' }).shipping,
    ).toMatchObject({
      courier: 'Delhivery',
      tracking: '1234567890123',
      trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
    });
    expect(toOrderView({ ...shipped, trackingUrl: 'javascript:alert(1)' }).shipping.trackingUrl).toBeNull();
  });

  it('gives the reason only for a cancelled order', () => {
    const order = { id: 'X', items: [], cancelReason: 'Payment not received' };
    expect(toOrderView({ ...order, status: 4 }).cancelReason).toBe('Payment not received');
    expect(toOrderView({ ...order, status: 0 }).cancelReason).toBeNull();
  });

  it('shows the delivery promised at placing until the order is delivered or cancelled', () => {
    const deliveryEstimate = { earliest: '2026-12-02', latest: '2026-12-04' };
    for (const status of [0, 1, 2]) {
      expect(toOrderView({ id: 'D', status, items: [], deliveryEstimate }).deliveryEstimate).toEqual(deliveryEstimate);
    }
    for (const status of [3, 4]) {
      expect(toOrderView({ id: 'D', status, items: [], deliveryEstimate }).deliveryEstimate).toBeNull();
    }
    expect(toOrderView({ id: 'D', status: 0, items: [], deliveryEstimate: null }).deliveryEstimate).toBeNull();
  });
});
