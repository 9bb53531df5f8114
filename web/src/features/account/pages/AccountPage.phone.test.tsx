import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthToken, setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import AccountPage from './AccountPage';

// The account of a shopper who signed in by mobile number: no email, no password, yet.

const phoneAccount = {
  id: 'u1',
  firstName: '',
  lastName: '',
  email: null,
  emailVerified: false,
  phone: '+919845012345',
  phoneVerified: true,
  hasPassword: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const LINK_SENT = 'If it can be added, we sent a link to that email. Open it to confirm the address.';

beforeEach(() => setAuthToken('token-1', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const personal = async () => {
  const heading = await screen.findByRole('heading', { name: 'Personal Information' });
  return heading.closest('section') as HTMLElement;
};

describe('a phone account’s page', () => {
  it('shows the phone verified, the email as missing, and no password to change', async () => {
    fakeApi({ 'GET /accountInfo': () => [200, phoneAccount] });
    renderPage(<AccountPage />, { path: '/account' });
    const section = await personal();
    expect(section).toHaveTextContent('+919845012345 (verified)');
    expect(section).toHaveTextContent('Email—');
    expect(screen.queryByRole('heading', { name: /change password/i })).toBeNull();
  });

  it('shows an email proved by its link as verified, and one typed at registration without the word', async () => {
    fakeApi({
      'GET /accountInfo': () => [
        200,
        { ...phoneAccount, email: 'asha@example.in', emailVerified: true, hasPassword: true },
      ],
    });
    const first = renderPage(<AccountPage />, { path: '/account' });
    expect(await personal()).toHaveTextContent('asha@example.in (verified)');
    first.unmount();

    fakeApi({
      'GET /accountInfo': () => [200, { ...phoneAccount, phone: null, email: 'ravi@example.in', hasPassword: true }],
    });
    renderPage(<AccountPage />, { path: '/account' });
    const section = await personal();
    expect(section).toHaveTextContent('ravi@example.in');
    expect(section).not.toHaveTextContent('ravi@example.in (verified)');
  });

  it('adds an email by a link: the same words whatever happens to it', async () => {
    const calls = fakeApi({
      'GET /accountInfo': () => [200, phoneAccount],
      'POST /account/email': () => [202, { message: LINK_SENT, expiresInMinutes: 60 }],
    });
    renderPage(<AccountPage />, { path: '/account' });
    await screen.findByRole('heading', { name: 'Add an email' });
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await expectVisibleText('Email is required.');
    expect(calls.filter((call) => call.route === 'POST /account/email')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Email'), ' asha@example.in ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await expectVisibleText(LINK_SENT);
    expect(calls.find((call) => call.route === 'POST /account/email')?.body).toEqual({ email: 'asha@example.in' });
  });

  it('has no email form once the account has an email', async () => {
    fakeApi({ 'GET /accountInfo': () => [200, { ...phoneAccount, email: 'asha@example.in', emailVerified: true }] });
    renderPage(<AccountPage />, { path: '/account' });
    await personal();
    expect(screen.queryByRole('heading', { name: 'Add an email' })).toBeNull();
  });

  it('deletes the account with a code sent to its phone instead of a password', async () => {
    const calls = fakeApi({
      'GET /accountInfo': () => [200, phoneAccount],
      'POST /account/delete-code': () => [
        202,
        { message: 'We have sent a 6-digit code to your mobile number.', expiresInMinutes: 10 },
      ],
      'DELETE /account': (body) =>
        (body as { code?: string }).code === '123456'
          ? [200, { message: 'Your account has been deleted.' }]
          : [
              400,
              { error: 'That code is not right or has expired. Please check it or ask for a new one.', field: 'code' },
            ],
    });
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await expectVisibleText('We have sent a 6-digit code to your mobile number.');
    expect(screen.queryByLabelText('Password')).toBeNull();

    await userEvent.type(screen.getByLabelText('Code sent to your mobile'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await expectVisibleText(/That code is not right/);
    expect(getAuthToken()).toBe('token-1');

    await userEvent.clear(screen.getByLabelText('Code sent to your mobile'));
    await userEvent.type(screen.getByLabelText('Code sent to your mobile'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Landed on /')).toBeVisible();
    expect(getAuthToken()).toBeNull();
    expect(calls.filter((call) => call.route === 'DELETE /account').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });
});
