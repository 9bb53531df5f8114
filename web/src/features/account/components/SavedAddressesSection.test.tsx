import type { SavedAddress } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { SavedAddressesSection } from './SavedAddressesSection';

const home: SavedAddress = {
  id: 'addr-1',
  fullName: 'Asha Rao',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '+919876543210',
  isDefault: true,
};
const pune = { pincode: '411038', district: 'Pune', state: 'Maharashtra' };

beforeEach(() => setAuthToken('token-1', true));
afterEach(() => vi.unstubAllGlobals());

describe('the account’s address book', () => {
  it('adds an address PIN first: the city and state come from the PIN, and the new one is listed', async () => {
    let book = [home];
    const calls = fakeApi({
      'GET /account/addresses': () => [200, book],
      'GET /pincodes/411038': () => [200, pune],
      'POST /account/addresses': (body) => {
        const added = { ...(body as Omit<SavedAddress, 'id' | 'isDefault'>), id: 'addr-2', isDefault: false };
        book = [...book, added];
        return [201, added];
      },
    });
    renderPage(<SavedAddressesSection />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await userEvent.type(within(form).getByLabelText('PIN code'), '411038');
    await vi.waitFor(() => expect(within(form).getByLabelText('City')).toHaveValue('Pune'));
    expect(within(form).getByLabelText('State')).toHaveValue('Maharashtra');
    await userEvent.type(within(form).getByLabelText('Full name'), 'Asha Rao');
    await userEvent.type(within(form).getByLabelText('Address'), '4 FC Road, Shivajinagar');
    await userEvent.type(within(form).getByLabelText('Phone'), '98765 43210');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText(/4 FC Road, Shivajinagar, Pune, Maharashtra 411038/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
    expect(calls.find((call) => call.route === 'POST /account/addresses')?.body).toEqual({
      postalCode: '411038',
      fullName: 'Asha Rao',
      address: '4 FC Road, Shivajinagar',
      city: 'Pune',
      state: 'Maharashtra',
      phone: '+919876543210',
    });
  });

  it('changes an address, and shows a refusal beside the field it names while keeping what was typed', async () => {
    fakeApi({
      'GET /account/addresses': () => [200, [home]],
      'GET /pincodes/560001': () => [200, { pincode: '560001', district: 'Bengaluru', state: 'Karnataka' }],
      'PATCH /account/addresses/addr-1': () => [
        400,
        { error: 'We do not deliver to 560001 yet.', field: 'postalCode' },
      ],
    });
    renderPage(<SavedAddressesSection />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: /^Change Asha Rao/ }));
    const form = screen.getByRole('form', { name: 'Change address' });
    const street = within(form).getByLabelText('Address');
    expect(street).toHaveValue('12 MG Road');
    await userEvent.clear(street);
    await userEvent.type(street, '1 Residency Road');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    const pin = within(form).getByLabelText('PIN code');
    expect(await within(form).findByText('We do not deliver to 560001 yet.')).toBeVisible();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(street).toHaveValue('1 Residency Road');
  });
});
