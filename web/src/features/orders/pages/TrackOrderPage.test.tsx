import type { Order } from '@netkart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDownload } from '@/test/downloads';
import { anOrder, anOrderLine } from '@/test/orders';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import TrackOrderPage from './TrackOrderPage';

afterEach(() => vi.unstubAllGlobals());

const shipped: Order = anOrder({
  status: 2,
  createdAt: '2026-11-20T10:15:00.000Z',
  items: [anOrderLine({ id: 'i1', productTitle: 'USB-C to 2.5G Ethernet Adapter', quantity: 2, price: 1899 })],
  total: 3798,
  trackingNumber: 'DTDC-Z1234567',
  courier: 'DTDC',
  documents: [{ type: 'tax-invoice', number: 'NK/26-27/000042', issuedAt: '2026-11-20T10:20:00.000Z' }],
});

describe('tracking an order as a guest', () => {
  it('asks for both the order number and the email or phone', async () => {
    const calls = fakeApi({});
    renderPage(<TrackOrderPage />, { path: '/track-order' });
    await userEvent.type(screen.getByLabelText('Order number'), '7KX2M9QH4D');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));

    await expectVisibleText('Please enter both order number and email/phone');
    expect(calls.filter((call) => call.route.startsWith('GET /orders'))).toEqual([]);
  });

  it('says so when the order is not found', async () => {
    fakeApi({ 'GET /orders/NOPE': () => [404, { error: 'Order not found or access denied.' }] });
    renderPage(<TrackOrderPage />, { path: '/track-order' });
    await userEvent.type(screen.getByLabelText('Order number'), 'NOPE');
    await userEvent.type(screen.getByLabelText('Email or phone'), 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found or access denied.');
    expect(screen.getByText('Failed to find order. Please check your information and try again.')).toBeVisible();
  });

  it('shows the status, items and tracking number of a found order, asked for by phone', async () => {
    const calls = fakeApi({ 'GET /orders/7KX2M9QH4D': () => [200, shipped] });
    renderPage(<TrackOrderPage />, { path: '/track-order?id=7KX2M9QH4D', route: '/track-order' });
    expect(screen.getByLabelText('Order number')).toHaveValue('7KX2M9QH4D');
    await userEvent.type(screen.getByLabelText('Email or phone'), '98450 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));

    await expectVisibleText('Your order status has been loaded');
    expect(screen.getByText('Shipped')).toBeVisible();
    expect(screen.getByText(/DTDC-Z1234567/)).toBeVisible();
    expect(screen.getByText('USB-C to 2.5G Ethernet Adapter')).toBeVisible();
    expect(screen.getByText(/₹1,899/)).toBeVisible();
    expect(calls.find((call) => call.route === 'GET /orders/7KX2M9QH4D')?.url.searchParams.get('contactInfo')).toBe(
      '98450 12345',
    );
  });

  it('shows each item’s size and colour, and why a cancelled order was cancelled', async () => {
    const sleeve = { productId: 'p2', productTitle: 'Neoprene Laptop Sleeve', quantity: 1, price: 899 };
    const cancelled: Order = {
      ...shipped,
      status: 4,
      trackingNumber: null,
      cancelReason: 'Payment not received',
      items: [
        { ...sleeve, id: 'i1', size: '13"', color: 'Navy' },
        { ...sleeve, id: 'i2', size: '15.6"', color: 'Olive' },
      ],
    };
    fakeApi({ 'GET /orders/7KX2M9QH4D': () => [200, cancelled] });
    renderPage(<TrackOrderPage />, { path: '/track-order?id=7KX2M9QH4D', route: '/track-order' });
    await userEvent.type(screen.getByLabelText('Email or phone'), 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));

    await expectVisibleText('Size: 13" · Colour: Navy');
    expect(screen.getByText('Size: 15.6" · Colour: Olive')).toBeVisible();
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(screen.getByText('Cancelled: Payment not received')).toBeVisible();
  });
});

describe('the invoice of a tracked order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is fetched with the email or phone that found the order, and saved', async () => {
    fakeApi({ 'GET /orders/7KX2M9QH4D': () => [200, shipped] });
    const download = fakeDownload('/invoice', { fileName: 'invoice-NK-26-27-000042.pdf', text: '%PDF-1.3' });
    renderPage(<TrackOrderPage />, { path: '/track-order?id=7KX2M9QH4D', route: '/track-order' });
    await userEvent.type(screen.getByLabelText('Email or phone'), '98450 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    // Changing the field afterwards does not change whose invoice is asked for.
    await userEvent.type(screen.getByLabelText('Email or phone'), '9');
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice' }));

    await waitFor(() => expect(download.saved).toEqual([{ name: 'invoice-NK-26-27-000042.pdf', text: '%PDF-1.3' }]));
    const [request] = download.requests;
    expect(request?.url.pathname).toBe('/api/v1/orders/7KX2M9QH4D/invoice');
    expect(request?.url.searchParams.get('contactInfo')).toBe('98450 12345');
  });

  it('is not offered for an order not yet paid', async () => {
    fakeApi({
      'GET /orders/7KX2M9QH4D': () => [
        200,
        { ...shipped, status: 0, trackingNumber: null, courier: null, documents: [] },
      ],
    });
    renderPage(<TrackOrderPage />, { path: '/track-order?id=7KX2M9QH4D', route: '/track-order' });
    await userEvent.type(screen.getByLabelText('Email or phone'), 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(await screen.findByRole('heading', { name: 'Order #7KX2M9QH4D' })).toBeVisible();
    expect(screen.getByText('Pending')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
  });
});
