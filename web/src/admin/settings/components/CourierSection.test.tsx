import type { AdminCourierField, AdminCourierSettings } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const field = (key: string, flag: string, extra: Partial<AdminCourierField> = {}): AdminCourierField => ({
  key,
  flag,
  help: flag,
  secret: false,
  value: null,
  set: false,
  fallback: null,
  ...extra,
});

const shiprocket = (values: Partial<Record<string, Partial<AdminCourierField>>> = {}) => ({
  name: 'shiprocket',
  title: 'Shiprocket',
  fields: [
    field('email', 'email', values.email),
    field('password', 'password', { secret: true, ...values.password }),
    field('pickupLocation', 'pickup-location', values.pickupLocation),
    field('webhookToken', 'webhook-token', { secret: true, ...values.webhookToken }),
    field('parcelWeightKg', 'parcel-weight', { fallback: '0.5', ...values.parcelWeightKg }),
    field('parcelSizeCm', 'parcel-size', { fallback: '20x15x10', ...values.parcelSizeCm }),
  ],
});

const none: AdminCourierSettings = {
  provider: null,
  providers: [shiprocket()],
  webhookUrl: 'https://api.netkart.in/api/v1/couriers/webhook',
};
const set: AdminCourierSettings = {
  provider: 'shiprocket',
  providers: [
    shiprocket({
      email: { value: 'api@netkart.in', set: true },
      password: { set: true },
      pickupLocation: { value: 'Primary', set: true },
      webhookToken: { set: true },
      parcelWeightKg: { value: '0.5', set: true },
      parcelSizeCm: { value: '20x15x10', set: true },
    }),
  ],
  webhookUrl: none.webhookUrl,
};

function api(settings: AdminCourierSettings, routes: Record<string, (body: unknown) => Answer> = {}) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession({ role: 'owner' })],
    'GET /admin/settings/couriers': () => [200, settings],
    ...routes,
  });
}

async function courierSection() {
  renderAdmin('/admin/settings');
  const section = await screen.findByRole('region', { name: 'Couriers' });
  await within(section).findByLabelText('API user email');
  return section;
}

describe('the courier settings', () => {
  it('with none set, says orders are shipped by hand and where the webhook goes', async () => {
    api(none);
    const section = await courierSection();
    expect(within(section).getByText(/No courier service is set: orders are shipped by hand/)).toBeVisible();
    expect(within(section).getByText('https://api.netkart.in/api/v1/couriers/webhook')).toBeVisible();
    expect(within(section).getByLabelText('API user password')).toHaveAttribute('type', 'password');
    expect(within(section).queryByRole('button', { name: 'Ship by hand only' })).toBeNull();
  });

  it('shows what is kept, secrets only as set, and sends them empty so they are kept', async () => {
    const calls = api(set, { 'PUT /admin/settings/couriers': () => [200, set] });
    const section = await courierSection();
    expect(within(section).getByLabelText('API user email')).toHaveValue('api@netkart.in');
    expect(within(section).getByLabelText('Pickup location')).toHaveValue('Primary');
    expect(within(section).getByLabelText('API user password')).toHaveValue('');
    expect(within(section).getAllByText('Set. Leave blank to keep it.')).toHaveLength(2);
    const pickup = within(section).getByLabelText('Pickup location');
    await userEvent.clear(pickup);
    await userEvent.type(pickup, 'Warehouse 2');
    await userEvent.click(within(section).getByRole('button', { name: 'Save Shiprocket settings' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'PUT /admin/settings/couriers')?.body).toEqual({
        provider: 'shiprocket',
        settings: {
          email: 'api@netkart.in',
          password: '',
          pickupLocation: 'Warehouse 2',
          webhookToken: '',
          parcelWeightKg: '0.5',
          parcelSizeCm: '20x15x10',
        },
      }),
    );
    expect(await screen.findByText('Shiprocket settings saved.')).toBeVisible();
  });

  it("places the server's refusal beside its field", async () => {
    api(none, {
      'PUT /admin/settings/couriers': () => [
        400,
        { error: 'The webhook token has at least 16 characters: make it long and random.', field: 'webhookToken' },
      ],
    });
    const section = await courierSection();
    await userEvent.type(within(section).getByLabelText('Webhook token'), 'short');
    await userEvent.click(within(section).getByRole('button', { name: 'Save Shiprocket settings' }));
    const message = await within(section).findByText(
      'The webhook token has at least 16 characters: make it long and random.',
    );
    expect(message).toBeVisible();
    expect(within(section).getByLabelText('Webhook token')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to shipping by hand', async () => {
    const calls = api(set, { 'DELETE /admin/settings/couriers': () => [200, none] });
    const section = await courierSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Ship by hand only' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'DELETE /admin/settings/couriers')).toBe(true));
    expect(await screen.findByText('Orders are shipped by hand again.')).toBeVisible();
    expect(await within(section).findByText(/No courier service is set/)).toBeVisible();
  });
});
