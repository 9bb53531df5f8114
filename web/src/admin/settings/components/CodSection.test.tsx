import type { AdminCodRules } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const demo: AdminCodRules = { enabled: true, maxOrder: 10000, fee: { flat: 40 } };

function api(rules: AdminCodRules, save?: (body: unknown) => Answer) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession({ role: 'owner' })],
    'GET /admin/settings/cod': () => [200, rules],
    ...(save ? { 'PUT /admin/settings/cod': save } : {}),
  });
}

async function codSection() {
  renderAdmin('/admin/settings');
  const section = await screen.findByRole('region', { name: 'Cash on delivery' });
  await within(section).findByLabelText('Offer cash on delivery');
  return section;
}

describe('the cash-on-delivery settings', () => {
  it('shows the rules as set', async () => {
    api({ ...demo, pincodes: ['4000', '560001'], states: ['Karnataka', 'Goa'], maxUnconfirmedPerShopper: 3 });
    const section = await codSection();
    expect(within(section).getByLabelText('Offer cash on delivery')).toBeChecked();
    expect(within(section).getByLabelText('Maximum order (₹)')).toHaveValue('10000');
    expect(within(section).getByLabelText('Minimum order (₹)')).toHaveValue('');
    expect(within(section).getByLabelText('Fee')).toHaveValue('flat');
    expect(within(section).getByLabelText('Fee (₹)')).toHaveValue('40');
    expect(within(section).getByLabelText('Only to these PINs or PIN prefixes')).toHaveValue('4000, 560001');
    expect(within(section).getByLabelText('Only in these states')).toHaveValue('Karnataka\nGoa');
    expect(within(section).getByLabelText('Unconfirmed COD orders per shopper, at most')).toHaveValue('3');
  });

  it("checks the contract's rules in the browser, each message beside its field, sending nothing", async () => {
    const calls = api(demo, () => [200, demo]);
    const section = await codSection();
    const min = within(section).getByLabelText('Minimum order (₹)');
    await userEvent.type(min, '20000');
    await userEvent.selectOptions(within(section).getByLabelText('Fee'), 'percent');
    const fee = within(section).getByLabelText('Fee (%)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '150');
    await userEvent.type(within(section).getByLabelText('Only to these PINs or PIN prefixes'), '0123');
    await userEvent.type(within(section).getByLabelText('Only in these states'), 'Atlantis');
    await userEvent.type(within(section).getByLabelText('Unconfirmed COD orders per shopper, at most'), '0');
    await userEvent.click(within(section).getByRole('button', { name: 'Save cash on delivery' }));
    expect(await within(section).findByText('fee.percent must be at most 100.')).toBeVisible();
    expect(within(section).getByText(/A PIN is 6 digits, or its first 1 to 5 digits/)).toBeVisible();
    expect(within(section).getByText('"Atlantis" is not a state or union territory of India.')).toBeVisible();
    expect(within(section).getByText('maxUnconfirmedPerShopper must be at least 1.')).toBeVisible();
    expect(calls.filter((call) => call.route.startsWith('PUT'))).toEqual([]);

    // The one rule across two fields is shown beside the maximum.
    await userEvent.clear(fee);
    await userEvent.type(fee, '2');
    await userEvent.clear(within(section).getByLabelText('Only to these PINs or PIN prefixes'));
    await userEvent.clear(within(section).getByLabelText('Only in these states'));
    await userEvent.clear(within(section).getByLabelText('Unconfirmed COD orders per shopper, at most'));
    await userEvent.click(within(section).getByRole('button', { name: 'Save cash on delivery' }));
    expect(await within(section).findByText('minOrder must not be above maxOrder.')).toBeVisible();
    expect(calls.filter((call) => call.route.startsWith('PUT'))).toEqual([]);
  });

  it('saves new rules as the contract has them, and places a refusal beside its field', async () => {
    const saved: AdminCodRules = {
      enabled: true,
      minOrder: 299,
      maxOrder: 5000,
      fee: { percent: 2 },
      pincodes: ['4000', '560001'],
      states: ['Karnataka'],
    };
    let answer: Answer = [400, { error: '"Karnatka" is not a state or union territory of India.', field: 'states.0' }];
    const calls = api(demo, () => answer);
    const section = await codSection();
    await userEvent.type(within(section).getByLabelText('Minimum order (₹)'), '₹299');
    const max = within(section).getByLabelText('Maximum order (₹)');
    await userEvent.clear(max);
    await userEvent.type(max, '5,000');
    await userEvent.selectOptions(within(section).getByLabelText('Fee'), 'percent');
    const fee = within(section).getByLabelText('Fee (%)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '2');
    await userEvent.type(within(section).getByLabelText('Only to these PINs or PIN prefixes'), '4000 560001');
    await userEvent.type(within(section).getByLabelText('Only in these states'), 'karnataka');
    await userEvent.click(within(section).getByRole('button', { name: 'Save cash on delivery' }));
    expect(await within(section).findByText('"Karnatka" is not a state or union territory of India.')).toBeVisible();

    answer = [200, saved];
    await userEvent.click(within(section).getByRole('button', { name: 'Save cash on delivery' }));
    await waitFor(() => expect(calls.filter((call) => call.route === 'PUT /admin/settings/cod')).toHaveLength(2));
    expect(calls.filter((call) => call.route === 'PUT /admin/settings/cod').at(-1)?.body).toEqual({
      enabled: true,
      minOrder: 299,
      maxOrder: 5000,
      fee: { percent: 2 },
      pincodes: ['4000', '560001'],
      states: ['Karnataka'],
    });
    expect(await screen.findByText('Cash on delivery rules saved.')).toBeVisible();
  });

  it('turns cash on delivery off', async () => {
    const calls = api(demo, (body) => [200, body]);
    const section = await codSection();
    await userEvent.click(within(section).getByLabelText('Offer cash on delivery'));
    await userEvent.click(within(section).getByRole('button', { name: 'Save cash on delivery' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'PUT /admin/settings/cod')?.body).toEqual({
        enabled: false,
        maxOrder: 10000,
        fee: { flat: 40 },
      }),
    );
    expect(await screen.findByText('Cash on delivery is off.')).toBeVisible();
  });
});
