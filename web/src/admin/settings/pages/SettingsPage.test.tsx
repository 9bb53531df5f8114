import type { AdminPaymentSettings, AdminStaffMember, AdminStoreDetails } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { type Answer, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const details: AdminStoreDetails = {
  storeName: 'NetKart',
  companyName: 'NetKart Retail Pvt Ltd',
  companyAddress: '12, 4th Cross, Indiranagar, Bengaluru 560038',
  companyEmail: 'hello@netkart.in',
  companyPhone: '+91 80 4567 8901',
  companyLogoUrl: '',
  description: 'Networking gear for homes and offices.',
  categories: ['LAN Adapters', 'Cables'],
  categoryImages: {},
  policies: { terms: '<h2>Terms</h2><p>Be kind.</p>' },
  lowStockThreshold: 5,
  host: 'netkart.in',
  extraHosts: ['www.netkart.in'],
  publicOrigin: 'https://netkart.in',
};

/** The providers as the server's registry describes them. */
const providers: AdminPaymentSettings['providers'] = [
  {
    name: 'sandbox',
    title: 'Sandbox (test payments only)',
    note: 'The sandbox is for testing only: no real money moves, every page of the shop says so, and its orders are left out of the figures.',
    test: true,
    settings: [],
  },
  {
    name: 'upi',
    title: 'UPI transfer to your UPI id',
    note: 'Shoppers pay by UPI to your UPI id; you confirm each payment by its UTR from your bank statement.',
    test: false,
    settings: [
      { key: 'upiVpa', label: 'UPI id', hint: 'Like netkart@okaxis.', secret: false, input: 'text' },
      { key: 'upiPayee', label: 'Payee name', secret: false, input: 'text' },
    ],
  },
  {
    name: 'payu',
    title: 'PayU',
    note: "Shoppers pay on PayU's page; PayU tells the shop when the money arrived.",
    test: false,
    settings: [
      { key: 'payuKey', label: 'PayU key', secret: false, input: 'text' },
      { key: 'payuSalt', label: 'PayU salt', secret: true, input: 'text' },
      {
        key: 'payuUrl',
        label: 'PayU URL',
        hint: 'Test: https://test.payu.in/_payment · Live: https://secure.payu.in/_payment',
        secret: false,
        input: 'url',
      },
    ],
  },
];

const payments = (overrides: Partial<AdminPaymentSettings> = {}): AdminPaymentSettings => ({
  provider: 'payu',
  mode: 'live',
  providers,
  upiVpa: null,
  upiPayee: null,
  payuKey: 'gtKFFx',
  payuUrl: 'https://secure.payu.in/_payment',
  payuSaltSet: true,
  fromEnvironment: [],
  ...overrides,
});

const staff: AdminStaffMember[] = [
  {
    email: 'asha@netkart.in',
    name: 'Asha Rao',
    role: 'owner',
    allStores: false,
    twoFactor: true,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    email: 'ravi@netkart.in',
    name: 'Ravi Kumar',
    role: 'orders',
    allStores: false,
    twoFactor: false,
    createdAt: '2026-11-02T10:00:00.000Z',
  },
];

function ownerApi(extra: Record<string, (body: unknown) => Answer> = {}, settings = payments()) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession({ role: 'owner', twoFactor: true })],
    'GET /admin/settings/store': () => [200, details],
    'GET /admin/settings/payments': () => [200, settings],
    'GET /admin/staff': () => [200, staff],
    ...extra,
  });
}

describe('the settings page', () => {
  it('is not offered to staff, and says whose it is when they open it', async () => {
    const calls = fakeApi({ 'GET /admin/session': () => [200, aSession({ role: 'orders' })] });
    renderAdmin('/admin/settings');
    await expectVisibleText('Only an owner can do this.');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Orders', 'Returns', 'Refunds', 'Products', 'Reviews', 'Coupons', 'Tickets', 'Messages']);
    expect(calls.filter((call) => call.route.startsWith('GET /admin/settings'))).toEqual([]);
  });

  it('offers owners Settings and Activity', async () => {
    ownerApi();
    renderAdmin('/admin/settings');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Home',
      'Orders',
      'Returns',
      'Refunds',
      'Products',
      'Reviews',
      'Coupons',
      'Tickets',
      'Messages',
      'Settings',
      'Activity',
    ]);
    expect(document.title).toBe('Settings · Back office');
  });

  it('says "Only an owner can do this." when the server refuses', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'owner' })],
      'GET /admin/settings/store': () => [403, { error: 'Only an owner can do this.' }],
      'GET /admin/settings/payments': () => [403, { error: 'Only an owner can do this.' }],
      'GET /admin/staff': () => [403, { error: 'Only an owner can do this.' }],
      'GET /admin/settings/shipping': () => [403, { error: 'Only an owner can do this.' }],
      'GET /admin/settings/delivery': () => [403, { error: 'Only an owner can do this.' }],
      'GET /admin/settings/cod': () => [403, { error: 'Only an owner can do this.' }],
    });
    renderAdmin('/admin/settings');
    await waitFor(() => expect(screen.getAllByText('Only an owner can do this.')).toHaveLength(6));
  });

  it('saves the store details, categories one per line, and shows a refusal beside its field', async () => {
    let puts = 0;
    const calls = ownerApi({
      'PUT /admin/settings/store': () => {
        puts += 1;
        return puts === 1
          ? [400, { error: 'companyEmail must be an email address.', field: 'companyEmail' }]
          : [200, { details: { ...details, categories: ['LAN Adapters', 'Cables', 'Routers'] }, sanitised: [] }];
      },
    });
    renderAdmin('/admin/settings');
    const categories = await screen.findByLabelText('Categories');
    expect(categories).toHaveValue('LAN Adapters\nCables');
    await userEvent.type(categories, '\nRouters\n');
    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText('companyEmail must be an email address.');
    expect(screen.getByLabelText('Company email')).toHaveAccessibleDescription(
      'companyEmail must be an email address.',
    );
    const body = calls.find((call) => call.route === 'PUT /admin/settings/store')?.body as Record<string, unknown>;
    expect(body.categories).toEqual(['LAN Adapters', 'Cables', 'Routers']);
    expect(body.lowStockThreshold).toBe(5);
    expect(body.policies).toEqual({});

    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText('Store details saved.');
  });

  it("saves the seller's particulars, blank as none, and shows a GSTIN refusal beside its field", async () => {
    let puts = 0;
    const calls = ownerApi({
      'PUT /admin/settings/store': () => {
        puts += 1;
        return puts === 1
          ? [400, { error: 'gstin 29AAHCN4821K1Z5 is mistyped: its check character does not match.', field: 'gstin' }]
          : [400, { error: 'grievanceOfficer.phone must have at least 10 digits.', field: 'grievanceOfficer.phone' }];
      },
    });
    renderAdmin('/admin/settings');
    await userEvent.type(await screen.findByLabelText('Legal name'), 'NetKart Technologies Private Limited');
    await userEvent.type(screen.getByLabelText('GSTIN'), '29AAHCN4821K1Z5');
    await userEvent.type(screen.getByLabelText('Grievance officer'), 'Priya Raghavan');
    await userEvent.type(screen.getByLabelText('Designation'), 'Grievance Officer');
    await userEvent.type(screen.getByLabelText('Grievance officer email'), 'grievance@netkart.in');
    await userEvent.type(screen.getByLabelText('Grievance officer phone'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText('gstin 29AAHCN4821K1Z5 is mistyped: its check character does not match.');
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
      expect.stringContaining('gstin 29AAHCN4821K1Z5 is mistyped: its check character does not match.'),
    );
    const body = calls.find((call) => call.route === 'PUT /admin/settings/store')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      legalName: 'NetKart Technologies Private Limited',
      gstin: '29AAHCN4821K1Z5',
      invoicePrefix: null,
      grievanceOfficer: {
        name: 'Priya Raghavan',
        designation: 'Grievance Officer',
        email: 'grievance@netkart.in',
        phone: '123',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText('grievanceOfficer.phone must have at least 10 digits.');
    expect(screen.getByLabelText('Grievance officer phone')).toHaveAccessibleDescription(
      'grievanceOfficer.phone must have at least 10 digits.',
    );
  });

  it('changes the host and extra hosts, and shows a host another store has beside its field', async () => {
    const calls = ownerApi({
      'PUT /admin/settings/store': () => [
        409,
        { error: "The store Gadgets already answers to 'shop.example.in'.", field: 'host' },
      ],
    });
    renderAdmin('/admin/settings');
    const host = await screen.findByLabelText('Host');
    expect(host).toHaveValue('netkart.in');
    expect(host).toHaveAccessibleDescription('Emails, sitemaps and search engines link to https://netkart.in.');
    await userEvent.clear(host);
    await userEvent.type(host, 'shop.example.in');
    await userEvent.type(screen.getByLabelText('Extra hosts'), '\nnetkart.in');
    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText("The store Gadgets already answers to 'shop.example.in'.");
    expect(host).toHaveAccessibleDescription(
      expect.stringContaining("The store Gadgets already answers to 'shop.example.in'."),
    );
    const body = calls.find((call) => call.route === 'PUT /admin/settings/store')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ host: 'shop.example.in', extraHosts: ['www.netkart.in', 'netkart.in'] });
  });

  it('saves search synonyms a group per line, and shows a refusal beside them', async () => {
    const calls = ownerApi({
      'PUT /admin/settings/store': () => [
        400,
        { error: 'a synonym group needs at least two words that mean the same.', field: 'searchSynonyms.1' },
      ],
    });
    renderAdmin('/admin/settings');
    const synonyms = await screen.findByLabelText('Search synonyms');
    await userEvent.type(synonyms, 'pendrive, thumb drive,\n\n  rucksack ,backpack, sleeve\nlan');
    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText('a synonym group needs at least two words that mean the same.');
    expect(synonyms).toHaveAccessibleDescription(
      expect.stringContaining('a synonym group needs at least two words that mean the same.'),
    );
    const body = calls.find((call) => call.route === 'PUT /admin/settings/store')?.body as Record<string, unknown>;
    expect(body.searchSynonyms).toEqual([['pendrive', 'thumb drive'], ['rucksack', 'backpack', 'sleeve'], ['lan']]);
  });

  it('saves the BIS-notified categories one per line, and shows a refusal beside them', async () => {
    const calls = ownerApi({
      'PUT /admin/settings/store': () => [
        400,
        { error: 'a BIS-notified category is required.', field: 'bisCategories.1' },
      ],
    });
    renderAdmin('/admin/settings');
    const notified = await screen.findByLabelText('BIS-notified categories');
    await userEvent.type(notified, 'Cables & Chargers\n\n  Power Banks ');
    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText('a BIS-notified category is required.');
    expect(notified).toHaveAccessibleDescription(expect.stringContaining('a BIS-notified category is required.'));
    const body = calls.find((call) => call.route === 'PUT /admin/settings/store')?.body as Record<string, unknown>;
    expect(body.bisCategories).toEqual(['Cables & Chargers', 'Power Banks']);
  });

  it('previews a policy as the server cleans it, and says when something unsafe went', async () => {
    const calls = ownerApi({
      'POST /admin/settings/policy-preview': () => [200, { html: '<p>Refunds in 7 days.</p>', changed: true }],
      'PUT /admin/settings/store': () => [200, { details, sanitised: ['refund'] }],
    });
    renderAdmin('/admin/settings');
    await userEvent.selectOptions(await screen.findByLabelText('Policy'), 'Refund Policy');
    const html = screen.getByLabelText('Refund Policy (HTML)');
    await userEvent.type(html, '<p onclick="steal()">Refunds in 7 days.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Refunds in 7 days.')).toBeVisible();
    expect(screen.getByText(/Something unsafe .* was removed/)).toBeVisible();
    expect(calls.find((call) => call.route === 'POST /admin/settings/policy-preview')?.body).toEqual({
      html: '<p onclick="steal()">Refunds in 7 days.</p>',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Save store details' }));
    await expectVisibleText(/Something unsafe was removed from: Refund Policy/);
    const body = calls.find((call) => call.route === 'PUT /admin/settings/store')?.body as Record<string, unknown>;
    expect(body.policies).toEqual({ refund: '<p onclick="steal()">Refunds in 7 days.</p>' });
  });

  it('never shows the PayU salt, says it is set, and keeps it when left blank', async () => {
    const calls = ownerApi(
      { 'PUT /admin/settings/payments': () => [200, payments()] },
      payments({ fromEnvironment: ['PAYU_URL'] }),
    );
    renderAdmin('/admin/settings');
    const salt = await screen.findByLabelText('PayU salt');
    expect(salt).toHaveAttribute('type', 'password');
    expect(salt).toHaveValue('');
    expect(salt).toHaveAccessibleDescription('Set — leave blank to keep.');
    expect(screen.getByLabelText('PayU key')).toHaveValue('gtKFFx');
    expect(screen.getByText(/environment sets PAYU_URL: these override what is saved here/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await expectVisibleText('Payment settings saved.');
    expect(calls.find((call) => call.route === 'PUT /admin/settings/payments')?.body).toMatchObject({
      provider: 'payu',
      payuKey: 'gtKFFx',
      payuSalt: '',
    });
  });

  it('explains the sandbox and shows a UPI refusal beside its field', async () => {
    ownerApi(
      {
        'PUT /admin/settings/payments': () => [400, { error: 'A UPI id looks like netkart@okaxis.', field: 'upiVpa' }],
      },
      payments({ provider: 'sandbox', mode: 'test', payuKey: null, payuUrl: null, payuSaltSet: false }),
    );
    renderAdmin('/admin/settings');
    const provider = await screen.findByLabelText('Provider');
    expect(provider).toHaveAccessibleDescription(/sandbox is for testing only/);
    expect(screen.queryByLabelText('PayU salt')).toBeNull();
    await userEvent.selectOptions(provider, 'upi');
    await userEvent.type(screen.getByLabelText('UPI id'), 'netkart');
    await userEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await expectVisibleText('A UPI id looks like netkart@okaxis.');
    expect(screen.getByLabelText('UPI id')).toHaveAccessibleDescription(/A UPI id looks like netkart@okaxis./);
  });

  it('lists the staff, adds someone, and removes someone after asking', async () => {
    const calls = ownerApi({
      'POST /admin/staff': () => [201, { ...staff[1], email: 'meera@netkart.in', name: 'Meera Iyer' }],
      // The server answers 204; the fake's Response cannot carry a body with that status.
      'DELETE /admin/staff/ravi%40netkart.in': () => [200, null],
    });
    renderAdmin('/admin/settings');
    await expectVisibleText('Ravi Kumar');
    expect(screen.getByText('Two-factor off')).toBeVisible();
    expect(screen.getByText('Two-factor on')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove Asha Rao' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Email'), 'meera@netkart.in');
    await userEvent.type(screen.getByLabelText('Name'), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await expectVisibleText('A staff password has at least 10 characters.');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'ledger-and-chai-42');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await expectVisibleText('Meera Iyer can now sign in at /admin.');
    expect(calls.find((call) => call.route === 'POST /admin/staff')?.body).toEqual({
      email: 'meera@netkart.in',
      name: 'Meera Iyer',
      role: 'orders',
      password: 'ledger-and-chai-42',
      allStores: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ravi Kumar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.route === 'DELETE /admin/staff/ravi%40netkart.in')).toBe(true);
  });
});
