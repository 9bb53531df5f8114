import type { AccountExport } from '@store/contract';
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
