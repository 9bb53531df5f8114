import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryCheck } from '@/components/delivery/DeliveryCheck';
import { fakeApi, renderPage } from '@/test/render-page';
import { ShippingToPin } from './ShippingToPin';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the product page’s shipping to a PIN', () => {
  it('shows what shipping this product costs to the PIN checked, beside its delivery date', async () => {
    const calls = fakeApi({
      'GET /pincodes/560001': () => [
        200,
        {
          pincode: '560001',
          district: 'Bangalore',
          state: 'Karnataka',
          stateCode: '29',
          serviceable: true,
          cod: true,
          estimate: { earliest: '2026-11-29', latest: '2026-12-01' },
        },
      ],
      'POST /shipping/quote': () => [200, { charge: 79, freeFrom: 999, zone: 'withinCity', weightGrams: 500 }],
    });
    renderPage(<DeliveryCheck forPin={(pin) => <ShippingToPin productId="sleeve-1" pin={pin} />} />, {
      path: '/product/x',
    });
    expect(screen.queryByText(/^Shipping:/)).toBeNull();
    await userEvent.type(screen.getByLabelText('PIN code'), '560001');
    await userEvent.click(screen.getByRole('button', { name: 'Check delivery' }));

    expect(await screen.findByText('Shipping: ₹79 (free from ₹999)')).toBeVisible();
    expect(screen.getByText('Delivery by Tue, 1 Dec')).toBeVisible();
    expect(calls.find((call) => call.route === 'POST /shipping/quote')?.body).toEqual({
      items: [{ productId: 'sleeve-1', quantity: 1 }],
      pincode: '560001',
    });
  });

  it('quotes the chosen variant, which weighs its own', async () => {
    const calls = fakeApi({
      'GET /pincodes/560001': () => [
        200,
        { pincode: '560001', district: 'Bangalore', state: 'Karnataka', stateCode: '29', serviceable: true, cod: true },
      ],
      'POST /shipping/quote': () => [200, { charge: 90, freeFrom: null, zone: 'withinCity', weightGrams: 1200 }],
    });
    renderPage(
      <DeliveryCheck forPin={(pin) => <ShippingToPin productId="sleeve-1" pin={pin} variantSku="SLV-OL" />} />,
      { path: '/product/x' },
    );
    await userEvent.type(screen.getByLabelText('PIN code'), '560001');
    await userEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByText('Shipping: ₹90')).toBeVisible();
    expect(calls.find((call) => call.route === 'POST /shipping/quote')?.body).toEqual({
      items: [{ productId: 'sleeve-1', quantity: 1, variantSku: 'SLV-OL' }],
      pincode: '560001',
    });
  });
});
