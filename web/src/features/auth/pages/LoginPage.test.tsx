import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, hindiPage, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import LoginPage from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sign-in form', () => {
  it("shows the spec's messages under the fields and sends nothing", async () => {
    const calls = fakeApi({});
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await expectVisibleText('Invalid email address');
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /users/authorize')).toEqual([]);
  });

  it('on a Hindi page, says the messages and the signed-in toast in Hindi', async () => {
    const calls = fakeApi({
      'POST /users/authorize': () => [200, { token: 'token-123' }],
      'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
    });
    renderPage(<LoginPage />, { path: '/login', i18n: await hindiPage() });
    await userEvent.type(screen.getByLabelText('ईमेल'), 'asha@');
    await userEvent.type(screen.getByLabelText('पासवर्ड'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));

    await expectVisibleText('ईमेल पता सही नहीं है');
    expect(screen.getByText('पासवर्ड कम से कम 6 अक्षरों का होना चाहिए')).toBeVisible();
    expect(screen.queryByText('Invalid email address')).toBeNull();
    expect(calls.filter((call) => call.route === 'POST /users/authorize')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('ईमेल'));
    await userEvent.type(screen.getByLabelText('ईमेल'), 'asha@example.in');
    await userEvent.type(screen.getByLabelText('पासवर्ड'), '456789');
    await userEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    await expectVisibleText('Landed on /');
    await waitFor(() => expect(screen.getByText('आप साइन इन हो गए हैं।')).toBeVisible());
    expect(screen.getByText('हो गया!')).toBeVisible();
  });

  it("tells the shopper the server's reason when sign-in fails", async () => {
    fakeApi({ 'POST /users/authorize': () => [401, { error: 'Invalid email or password.' }] });
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await expectVisibleText('Invalid email or password.');
    expect(document.cookie).not.toContain('auth_token');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signs in, keeps the token cookie and returns to the page that asked for it', async () => {
    const calls = fakeApi({
      'POST /users/authorize': () => [200, { token: 'token-123' }],
      'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
    });
    renderPage(<LoginPage />, { path: '/login', state: { from: { pathname: '/checkout', search: '' } } });
    await userEvent.type(screen.getByLabelText('Email'), ' Asha@Example.in ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await expectVisibleText('Landed on /checkout');
    expect(document.cookie).toContain('auth_token=token-123');
    expect(calls.find((call) => call.route === 'POST /users/authorize')?.body).toMatchObject({
      email: 'asha@example.in',
      password: 'correct horse',
    });
    await waitFor(() => expect(screen.getByText('Logged in successfully.')).toBeVisible());
  });

  /** The auth_token cookie as written by the page (jsdom does not show a cookie's expiry when read back). */
  function authCookieWrites() {
    const setter = vi.spyOn(document, 'cookie', 'set');
    return () => setter.mock.calls.map(([text]) => String(text)).filter((text) => text.startsWith('auth_token=t'));
  }

  it.each([
    [false, 'a session cookie, gone when the browser closes', undefined],
    [true, 'a cookie kept 30 days', 'max-age=2592000'],
  ])('with Remember me %s sends rememberMe and keeps %s', async (remember, _kept, lifetime) => {
    const calls = fakeApi({
      'POST /users/authorize': () => [200, { token: 'token-123' }],
      'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
    });
    const writes = authCookieWrites();
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    if (remember) await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await expectVisibleText('Landed on /');
    expect(calls.find((call) => call.route === 'POST /users/authorize')?.body).toMatchObject({ rememberMe: remember });
    const [cookie, ...others] = writes();
    expect(others).toEqual([]);
    if (lifetime) {
      expect(cookie).toContain(lifetime);
      expect(cookie).toContain('expires=');
    } else {
      expect(cookie).not.toMatch(/max-age|expires/);
    }
  });
});
