import { INDIAN_MOBILE_MESSAGE } from '@netkart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import LoginPage from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const WRONG = 'That code is not right or has expired. Please check it or ask for a new one.';

describe('continue with mobile number', () => {
  it('comes first on the sign-in page, before the email form', async () => {
    fakeApi({});
    renderPage(<LoginPage />, { path: '/login' });
    const phone = screen.getByLabelText('Mobile number');
    const email = screen.getByLabelText('Email');
    expect(screen.getByRole('heading', { name: 'Continue with mobile number' })).toBeVisible();
    expect(phone.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('refuses a number that is not an Indian mobile and sends nothing', async () => {
    const calls = fakeApi({});
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Mobile number'), '+1 415 555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await expectVisibleText(INDIAN_MOBILE_MESSAGE);
    expect(calls.filter((call) => call.route === 'POST /users/otp')).toEqual([]);
  });

  it('phone, then code: signed in and back to the page that asked (the checkout)', async () => {
    const calls = fakeApi({
      'POST /users/otp': () => [202, { message: 'sent', expiresInMinutes: 10 }],
      'POST /users/otp/verify': (body) =>
        (body as { code: string }).code === '123456'
          ? [200, { token: 'phone-token' }]
          : [400, { error: WRONG, field: 'code' }],
      'GET /accountInfo': () => [200, { firstName: '', lastName: '', email: null, phone: '+919845012345' }],
    });
    renderPage(<LoginPage />, { path: '/login', state: { from: { pathname: '/checkout', search: '' } } });
    await userEvent.type(screen.getByLabelText('Mobile number'), '098450 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(calls.find((call) => call.route === 'POST /users/otp')?.body).toEqual({ phone: '+919845012345' });
    await expectVisibleText('We have sent a 6-digit code to +91 98450 12345.');

    await userEvent.type(screen.getByLabelText('6-digit code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await expectVisibleText(WRONG);
    expect(document.cookie).not.toContain('auth_token=phone-token');

    await userEvent.clear(screen.getByLabelText('6-digit code'));
    await userEvent.type(screen.getByLabelText('6-digit code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await expectVisibleText('Landed on /checkout');
    expect(document.cookie).toContain('auth_token=phone-token');
    expect(calls.filter((call) => call.route === 'POST /users/otp/verify').at(-1)?.body).toMatchObject({
      phone: '+919845012345',
      code: '123456',
    });
  });

  it("shows the server's 429 when codes were asked for too often", async () => {
    fakeApi({
      'POST /users/otp': () => [
        429,
        { error: 'Too many codes sent to this number. Please try again in 60 minute(s).' },
      ],
    });
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Mobile number'), '9845012345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await expectVisibleText('Too many codes sent to this number. Please try again in 60 minute(s).');
  });
});
