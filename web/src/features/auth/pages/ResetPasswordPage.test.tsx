import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import ResetPasswordPage from './ResetPasswordPage';

afterEach(() => vi.unstubAllGlobals());

const LINK_INVALID = 'This reset link has expired or was already used. Please ask for a new one.';

async function choose(password: string, confirmPassword = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('the reset-password page', () => {
  it('without a token says the link is incomplete and offers a new one', async () => {
    fakeApi({});
    renderPage(<ResetPasswordPage />, { path: '/reset-password' });

    await expectVisibleText(/This reset link is incomplete/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("holds the new password to the registration page's rules and sends nothing", async () => {
    const calls = fakeApi({});
    renderPage(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    await choose('12345', '54321');

    await expectVisibleText('Password must be at least 6 characters');
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /users/password-reset/confirm')).toEqual([]);
  });

  it('sets the password with the token, signs this browser out and goes to sign in with a toast', async () => {
    setAuthToken('old-session', false);
    const calls = fakeApi({
      'POST /users/password-reset/confirm': () => [200, { message: 'Your password has been changed. Please sign in.' }],
    });
    renderPage(<ResetPasswordPage />, { path: '/reset-password?token=tok_en-123' });
    await choose('a brand new secret');

    await expectVisibleText('Landed on /login');
    expect(screen.getByText('Your password has been changed. Please sign in.')).toBeVisible();
    expect(calls.find((call) => call.route === 'POST /users/password-reset/confirm')?.body).toEqual({
      token: 'tok_en-123',
      password: 'a brand new secret',
    });
    expect(document.cookie).not.toContain('auth_token=old-session');
  });

  it("shows the server's reason for a refused link, with a way to ask for a new one", async () => {
    fakeApi({ 'POST /users/password-reset/confirm': () => [400, { error: LINK_INVALID, field: 'token' }] });
    renderPage(<ResetPasswordPage />, { path: '/reset-password?token=used' });
    await choose('a brand new secret');

    await expectVisibleText(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByText(/Landed on/)).toBeNull();
  });
});
