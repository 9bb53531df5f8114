import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import VerifyEmailPage from './VerifyEmailPage';

afterEach(() => vi.unstubAllGlobals());

describe('the verify-email page', () => {
  it('confirms the email only on a tap, then sends a link to set a password', async () => {
    const calls = fakeApi({
      'POST /account/email/verify': () => [200, { message: 'Your email is confirmed.', email: 'asha@example.in' }],
      'POST /users/password-reset': () => [
        202,
        { message: 'If an account exists for that email, we have sent a link' },
      ],
    });
    renderPage(<VerifyEmailPage />, { path: '/verify-email?token=tok-1' });
    const confirm = await screen.findByRole('button', { name: 'Confirm my email' });
    const verifies = () => calls.filter((call) => call.route === 'POST /account/email/verify');
    expect(verifies()).toEqual([]);
    await userEvent.click(confirm);
    await expectVisibleText('asha@example.in is confirmed.');
    expect(verifies().map((call) => call.body)).toEqual([{ token: 'tok-1' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Email me a link to set a password' }));
    await expectVisibleText(/We have sent a link to asha@example.in/);
    expect(calls.find((call) => call.route === 'POST /users/password-reset')?.body).toEqual({
      email: 'asha@example.in',
    });
  });

  it('tells a used or taken link’s refusal, and an incomplete link', async () => {
    fakeApi({
      'POST /account/email/verify': () => [
        409,
        { error: 'This email can no longer be added: it signs in to another account.', field: 'token' },
      ],
    });
    const first = renderPage(<VerifyEmailPage />, { path: '/verify-email?token=tok-2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    await expectVisibleText(/can no longer be added/);
    first.unmount();

    renderPage(<VerifyEmailPage />, { path: '/verify-email' });
    await expectVisibleText(/This link is not complete/);
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).toBeNull();
  });
});
