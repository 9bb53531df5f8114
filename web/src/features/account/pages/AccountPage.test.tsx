import type { AccountExport } from '@netkart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthToken, setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import AccountPage from './AccountPage';

const account = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', createdAt: '2026-11-01T10:00:00.000Z' };
const myData: AccountExport = {
  exportedAt: '2026-11-23T10:00:00.000Z',
  store: { name: 'NetKart', host: 'netkart.in' },
  account,
  addresses: [],
  orders: [],
  newsletter: null,
};

beforeEach(() => setAuthToken('token-1', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the account page’s data rights', () => {
  it('downloads a copy of the shopper’s data as a JSON file', async () => {
    fakeApi({
      'GET /accountInfo': () => [200, account],
      'POST /account/export': () => [200, myData],
    });
    const saved: { name: string; blob: Blob }[] = [];
    // jsdom has no object URLs: these keep what would have been saved.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => `blob:${saved.push({ name: '', blob })}`,
      revokeObjectURL() {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [file] = saved;
    if (!file) throw new Error('nothing was saved');
    expect(file.name).toBe('my-data-netkart.in.json');
    expect(JSON.parse(await file.blob.text())).toEqual(myData);
  });

  it('deletes the account only with its password, then forgets the session and goes home', async () => {
    const calls = fakeApi({
      'GET /accountInfo': () => [200, account],
      'DELETE /account': (body) =>
        (body as { password: string }).password === 'correct horse'
          ? [200, { message: 'Your account has been deleted.' }]
          : [400, { error: 'The password is not right. Nothing was deleted.', field: 'password' }],
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password is required.');
    expect(calls.filter((call) => call.route === 'DELETE /account')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Password'), 'wrong one');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await expectVisibleText('The password is not right. Nothing was deleted.');
    expect(getAuthToken()).toBe('token-1');

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await expectVisibleText('Your account has been deleted.');
    expect(await screen.findByText('Landed on /')).toBeVisible();
    expect(getAuthToken()).toBeNull();
  });

  it('keeps the account when the shopper changes their mind', async () => {
    fakeApi({ 'GET /accountInfo': () => [200, account] });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  });
});

describe('the account page’s signed-in devices', () => {
  const sessions = [
    {
      id: 'a'.repeat(32),
      device: 'Chrome on Android',
      createdAt: '2026-11-20T04:00:00.000Z',
      lastUsedAt: '2026-11-27T10:00:00.000Z',
      current: true,
    },
    {
      id: 'b'.repeat(32),
      device: 'Firefox on Windows',
      createdAt: '2026-11-01T04:00:00.000Z',
      lastUsedAt: '2026-11-25T18:45:00.000Z',
      current: false,
    },
    {
      id: 'c'.repeat(32),
      device: '',
      createdAt: '2026-10-01T04:00:00.000Z',
      lastUsedAt: '2026-10-02T04:00:00.000Z',
      current: false,
    },
  ];

  it('lists each device with its last use in India time, and marks this one', async () => {
    fakeApi({
      'GET /accountInfo': () => [200, account],
      'GET /account/sessions': () => [200, { sessions }],
    });
    renderPage(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('Firefox on Windows')).toBeVisible();
    const list = screen.getByRole('region', { name: 'Where you are signed in' });
    expect(list).toHaveTextContent('Chrome on Android');
    expect(screen.getByText('This device')).toBeVisible();
    // 18:45 UTC is 12:15 am the next day in India.
    expect(list).toHaveTextContent(/Last used 26 Nov 2026, 12:15 am/i);
    expect(list).toHaveTextContent('Unknown device');
    // This device is signed out with Sign Out above, not from the list.
    expect(screen.getAllByRole('button', { name: /^Sign out .*, last used / })).toHaveLength(2);
  });

  it('signs out one other device, then the list is asked again', async () => {
    let remaining = sessions;
    const calls = fakeApi({
      'GET /accountInfo': () => [200, account],
      'GET /account/sessions': () => [200, { sessions: remaining }],
      [`DELETE /account/sessions/${'b'.repeat(32)}`]: () => {
        remaining = sessions.filter((session) => session.id !== 'b'.repeat(32));
        return [204, undefined];
      },
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Firefox on Windows/ }));
    await expectVisibleText('Firefox on Windows is no longer signed in.');
    await vi.waitFor(() =>
      expect(screen.getByRole('region', { name: 'Where you are signed in' })).not.toHaveTextContent(
        'Firefox on Windows',
      ),
    );
    expect(calls.filter((call) => call.route === 'GET /account/sessions').length).toBeGreaterThanOrEqual(2);
    expect(getAuthToken()).toBe('token-1');
  });

  it('signs out every other device at once, keeping this one', async () => {
    let remaining = sessions;
    fakeApi({
      'GET /accountInfo': () => [200, account],
      'GET /account/sessions': () => [200, { sessions: remaining }],
      'DELETE /account/sessions': () => {
        remaining = sessions.filter((session) => session.current);
        return [200, { ended: 2 }];
      },
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    await expectVisibleText('2 other devices are no longer signed in.');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull());
    expect(screen.getByText('This device')).toBeVisible();
    expect(getAuthToken()).toBe('token-1');
  });
});

describe('the account page’s password change', () => {
  const wrongCurrent = 'Your current password is not right. Your password was not changed.';

  it('checks the fields before sending: the current password, the new one’s rules, and the two copies', async () => {
    const calls = fakeApi({ 'GET /accountInfo': () => [200, account] });
    renderPage(<AccountPage />, { path: '/account' });
    const section = await screen.findByRole('region', { name: 'Change password' });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(section).toHaveTextContent('Current password is required.');
    expect(section).toHaveTextContent('Password must be at least 6 characters');

    await userEvent.type(screen.getByLabelText('Current password'), 'correct horse');
    await userEvent.type(screen.getByLabelText('New password'), 'battery staple');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'battery stapler');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /account/password')).toEqual([]);
  });

  it('shows the shop’s refusal of a wrong current password, then changes it and says how many devices were signed out', async () => {
    const calls = fakeApi({
      'GET /accountInfo': () => [200, account],
      'GET /account/sessions': () => [200, { sessions: [] }],
      'POST /account/password': (body) =>
        (body as { currentPassword: string }).currentPassword === 'correct horse'
          ? [200, { message: 'Your password has been changed.', otherSessionsEnded: 1 }]
          : [400, { error: wrongCurrent, field: 'currentPassword' }],
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong one');
    await userEvent.type(screen.getByLabelText('New password'), 'battery staple');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'battery staple');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await expectVisibleText(wrongCurrent);

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await expectVisibleText('Your password has been changed. 1 other device was signed out.');
    expect(calls.filter((call) => call.route === 'POST /account/password').map((call) => call.body)).toEqual([
      { currentPassword: 'wrong one', newPassword: 'battery staple' },
      { currentPassword: 'correct horse', newPassword: 'battery staple' },
    ]);
    // The form is emptied, and this device stays signed in.
    await vi.waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.queryByText(wrongCurrent)).toBeNull();
    expect(getAuthToken()).toBe('token-1');
  });
});

describe('the account page’s saved addresses', () => {
  const home = {
    id: 'a-home',
    fullName: 'Asha Rao',
    address: '12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    phone: '+919845012345',
    isDefault: true,
  };
  const office = {
    ...home,
    id: 'a-office',
    address: '4, MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411038',
    isDefault: false,
  };

  it('lists them, the default marked, and makes another the default or removes one', async () => {
    let book = [home, office];
    const calls = fakeApi({
      'GET /accountInfo': () => [200, account],
      'GET /account/addresses': () => [200, book],
      'PATCH /account/addresses/a-office': () => {
        book = [
          { ...office, isDefault: true },
          { ...home, isDefault: false },
        ];
        return [200, book[0]];
      },
      'DELETE /account/addresses/a-home': () => {
        book = book.filter((address) => address.id !== 'a-home');
        return [204, undefined];
      },
    });
    renderPage(<AccountPage />, { path: '/account' });
    expect(await screen.findByText(/12, 4th Cross, Indiranagar, Bengaluru, Karnataka 560038/)).toBeVisible();
    expect(screen.getByText('Default')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Make default: Asha Rao, 12, 4th Cross/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Make default: Asha Rao, 4, MG Road/ }));
    expect(calls.find((call) => call.route === 'PATCH /account/addresses/a-office')?.body).toEqual({ isDefault: true });
    expect(await screen.findByRole('button', { name: /^Make default: Asha Rao, 12, 4th Cross/ })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /^Remove Asha Rao, 12, 4th Cross/ }));
    await vi.waitFor(() => expect(screen.queryByText(/Indiranagar/)).toBeNull());
    expect(screen.getByText(/4, MG Road, Pune/)).toBeVisible();
  });
});

describe('the account page’s mobile number', () => {
  it('shows a verified number and offers no second one', async () => {
    fakeApi({ 'GET /accountInfo': () => [200, { ...account, phone: '+919845012345' }] });
    renderPage(<AccountPage />, { path: '/account' });
    await expectVisibleText('+919845012345');
    expect(screen.getByText('(verified)')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Add a mobile number' })).toBeNull();
  });

  it('an email account adds a number with the code texted to it', async () => {
    const calls = fakeApi({
      'GET /accountInfo': () => [200, { ...account, phone: null }],
      'POST /account/phone': () => [202, { message: 'sent', expiresInMinutes: 10 }],
      'POST /account/phone/verify': () => [200, { ...account, phone: '+919845012345' }],
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.type(await screen.findByLabelText('Mobile number'), '+91 98450 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify number' }));
    await expectVisibleText('(verified)');
    expect(calls.find((call) => call.route === 'POST /account/phone/verify')?.body).toEqual({
      phone: '+919845012345',
      code: '123456',
    });
    expect(screen.queryByRole('heading', { name: 'Add a mobile number' })).toBeNull();
  });
});
