import type { AdminDeliverySettings, AdminShippingSettings } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { type Answer, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const shipping: AdminShippingSettings = {
  rules: { freeFrom: 999, slabs: [{ price: 79 }], defaultWeightGrams: 500 },
};

const delivery: AdminDeliverySettings = {
  own: false,
  rules: {
    serviceable: 'all',
    zones: [{ name: 'Same state', pincodes: [], prefixes: [], states: ['Karnataka'], transitDays: { min: 1, max: 3 } }],
    otherTransitDays: { min: 3, max: 7 },
    dispatchDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    cutoff: '14:00',
    holidays: [],
  },
};

function ownerApi(extra: Record<string, (body: unknown) => Answer> = {}) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession({ role: 'owner', twoFactor: true })],
    'GET /admin/settings/shipping': () => [200, shipping],
    'GET /admin/settings/delivery': () => [200, delivery],
    ...extra,
  });
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the Shipping section', () => {
  it('shows the rules as a table of zones by slab, and saves a second slab priced by zone', async () => {
    const calls = ownerApi({ 'PUT /admin/settings/shipping': (body) => [200, { rules: body }] });
    renderAdmin('/admin/settings');
    const shippingPart = await section('Shipping');
    expect(await shippingPart.findByLabelText('Free shipping from (₹)')).toHaveValue('999');
    expect(shippingPart.getByLabelText('Slab 1: Rest of India (₹)')).toHaveValue('79');

    await userEvent.click(shippingPart.getByRole('button', { name: 'Add a heavier slab' }));
    // The first slab now needs its top weight: the contract's own words, beside it.
    await userEvent.click(shippingPart.getByRole('button', { name: 'Save shipping rules' }));
    await expectVisibleText('Every slab but the last needs upToGrams.');
    expect(calls.some((call) => call.route === 'PUT /admin/settings/shipping')).toBe(false);

    await userEvent.type(shippingPart.getByLabelText('Slab 1: up to grams'), '500');
    const farther = shippingPart.getByLabelText('Slab 2: North-east and J&K (₹)');
    await userEvent.clear(farther);
    await userEvent.type(farther, '149');
    await userEvent.click(shippingPart.getByRole('button', { name: 'Save shipping rules' }));
    await expectVisibleText('Shipping rules saved.');
    const body = calls.find((call) => call.route === 'PUT /admin/settings/shipping')?.body;
    expect(body).toEqual({
      freeFrom: 999,
      defaultWeightGrams: 500,
      slabs: [
        { upToGrams: 500, price: 79 },
        {
          price: { withinCity: 79, withinState: 79, metroToMetro: 79, restOfIndia: 79, northEastAndJk: 149 },
        },
      ],
    });
  });

  it('shows a refusal from the server beside its field', async () => {
    ownerApi({
      'PUT /admin/settings/shipping': () => [
        400,
        { error: 'originPincode must be a PIN code: 6 digits, not starting with 0.', field: 'originPincode' },
      ],
    });
    renderAdmin('/admin/settings');
    const shippingPart = await section('Shipping');
    await userEvent.type(await shippingPart.findByLabelText('Parcels leave from PIN'), '560025');
    await userEvent.click(shippingPart.getByRole('button', { name: 'Save shipping rules' }));
    await expectVisibleText('originPincode must be a PIN code: 6 digits, not starting with 0.');
    expect(shippingPart.getByLabelText('Parcels leave from PIN')).toHaveAccessibleDescription(
      expect.stringContaining('originPincode must be a PIN code'),
    );
  });
});

describe('the Delivery section', () => {
  it('saves listed zones, dispatch days, cut-off and holidays', async () => {
    const calls = ownerApi({
      'PUT /admin/settings/delivery': (body) => [200, { rules: body, own: true }],
    });
    renderAdmin('/admin/settings');
    const part = await section('Delivery');
    await userEvent.click(await part.findByLabelText('Only to the zones listed below'));
    await userEvent.click(part.getByLabelText('Sat'));
    const cutoff = part.getByLabelText('Cut-off time (India time)');
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '25:00');
    await userEvent.type(part.getByLabelText('Holidays'), '2026-12-25');
    await userEvent.click(part.getByRole('button', { name: 'Add a zone' }));
    await userEvent.type(part.getAllByLabelText('Zone name')[1] as HTMLElement, 'Bengaluru');
    await userEvent.type(part.getAllByLabelText('PIN prefixes')[1] as HTMLElement, '560');
    await userEvent.type(
      part.getByLabelText('Transit days: at the soonest', { selector: '#delivery-zone-1-transit-min' }),
      '1',
    );
    await userEvent.type(
      part.getByLabelText('Transit days: at the latest', { selector: '#delivery-zone-1-transit-max' }),
      '2',
    );
    await userEvent.click(part.getByRole('button', { name: 'Save delivery rules' }));
    await expectVisibleText('cutoff must be a time of day in India time, like "14:00".');
    expect(calls.some((call) => call.route === 'PUT /admin/settings/delivery')).toBe(false);

    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '15:30');
    await userEvent.click(part.getByRole('button', { name: 'Save delivery rules' }));
    await expectVisibleText('Delivery rules saved.');
    const body = calls.find((call) => call.route === 'PUT /admin/settings/delivery')?.body;
    expect(body).toMatchObject({
      serviceable: 'zones',
      dispatchDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
      cutoff: '15:30',
      holidays: ['2026-12-25'],
      zones: [
        { name: 'Same state', states: ['Karnataka'], transitDays: { min: 1, max: 3 } },
        { name: 'Bengaluru', prefixes: ['560'], pincodes: [], states: [], transitDays: { min: 1, max: 2 } },
      ],
    });
  });

  it('names a state GST does not know beside the zone’s states', async () => {
    ownerApi();
    renderAdmin('/admin/settings');
    const part = await section('Delivery');
    const states = await part.findByLabelText('States');
    await userEvent.type(states, '\nMadras');
    await userEvent.click(part.getByRole('button', { name: 'Save delivery rules' }));
    await expectVisibleText('states: "Madras" is not a state or union territory of India as GST names it.');
    expect(states).toHaveAccessibleDescription(expect.stringContaining('"Madras" is not a state'));
  });
});
