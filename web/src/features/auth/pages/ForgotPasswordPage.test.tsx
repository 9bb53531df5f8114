import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import ForgotPasswordPage from './ForgotPasswordPage';

afterEach(() => vi.unstubAllGlobals());

const SENT = 'If an account exists for that email, we have sent a link';
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

describe('the forgot-password form', () => {
  it.each([
    ['', 'an empty email'],
    ['asha@', 'a broken email'],
  ])('refuses %j (%s) with the sign-in page’s message and sends nothing', async (typed) => {
    const calls = fakeApi({});
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    if (typed) await userEvent.type(screen.getByLabelText('Email'), typed);
    await send();

    await expectVisibleText('Invalid email address');
    expect(calls.filter((call) => call.route === 'POST /users/password-reset')).toEqual([]);
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it('sends the trimmed, lower-cased email and then says a link was sent if the account exists', async () => {
    const calls = fakeApi({ 'POST /users/password-reset': () => [202, { message: SENT }] });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), ' Asha@Example.in ');
    await send();

    await expectVisibleText(SENT);
    expect(calls.filter((call) => call.route === 'POST /users/password-reset').map((call) => call.body)).toEqual([
      { email: 'asha@example.in' },
    ]);
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message instead when asked too often", async () => {
    const tooMany = 'Too many password reset requests for this email. Please try again in 60 minute(s).';
    fakeApi({ 'POST /users/password-reset': () => [429, { error: tooMany }] });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in');
    await send();

    expect(await expectVisibleText(tooMany)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(SENT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('says so when the shop cannot be reached, and never that a link was sent', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in');
    await send();

    await expectVisibleText('No response from server. Please try again later.');
    expect(screen.queryByText(SENT)).toBeNull();
  });
});
