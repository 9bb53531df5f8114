import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { DeliveryCheck } from './DeliveryCheck';
import { readRememberedPin } from './remembered-pin';

afterEach(() => vi.unstubAllGlobals());

const answer = (pincode: string, serviceable: boolean) => ({
  pincode,
  district: 'Bangalore',
  state: 'Karnataka',
  stateCode: '29',
  serviceable,
  cod: false,
  estimate: serviceable ? { earliest: '2026-11-29', latest: '2026-12-01' } : null,
});

const shop = () =>
  fakeApi({
    'GET /pincodes/560001': () => [200, answer('560001', true)],
    'GET /pincodes/411038': () => [200, { ...answer('411038', false), district: 'Pune', state: 'Maharashtra' }],
    'GET /pincodes/999999': () => [404, { error: 'PIN code 999999 is not a PIN code we know. Please check it.' }],
  });

describe('Check delivery on the product page', () => {
  it('gives the date a PIN would get, and remembers the PIN for the session', async () => {
    shop();
    renderPage(<DeliveryCheck />, { path: '/product/x' });
    await userEvent.type(screen.getByLabelText('PIN code'), '560001');
    await userEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByText('Delivery by Tue, 1 Dec')).toBeVisible();
    expect(readRememberedPin()).toBe('560001');
  });

  it('says when the shop does not deliver to a PIN, and why a PIN is not one', async () => {
    shop();
    renderPage(<DeliveryCheck />, { path: '/product/x' });
    const input = screen.getByLabelText('PIN code');
    await userEvent.type(input, '411038');
    await userEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByText('Not deliverable to 411038')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByText('PIN code 999999 is not a PIN code we know. Please check it.')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByText('Enter a 6-digit PIN code.')).toBeVisible();
    expect(input).toHaveValue('12');
  });

  it('answers at once for the PIN checked earlier in the session', async () => {
    shop();
    sessionStorage.setItem('netkart.delivery-pin', '560001');
    renderPage(<DeliveryCheck />, { path: '/product/y' });
    expect(await screen.findByText('Delivery by Tue, 1 Dec')).toBeVisible();
    expect(screen.getByLabelText('PIN code')).toHaveValue('560001');
  });
});
