import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import RegisterPage from './RegisterPage';

afterEach(() => vi.unstubAllGlobals());

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: /create account|register|sign up/i }));

describe('the registration form', () => {
  it("shows every message of the spec's validation", async () => {
    const calls = fakeApi({});
    renderPage(<RegisterPage />, { path: '/register' });
    await fill({ 'First name': 'A', 'Last name': 'R', Email: 'asha', Password: '12345', 'Confirm password': '54321' });
    await submit();

    await expectVisibleText('First name must be at least 2 characters');
    expect(screen.getByText('Last name must be at least 2 characters')).toBeVisible();
    expect(screen.getByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /users/register')).toEqual([]);
  });

  it('says how the shop uses the data, with the privacy policy one click away, and asks no pre-ticked consent', async () => {
    fakeApi({});
    renderPage(<RegisterPage />, { path: '/register' });
    expect(screen.getByText(/We use your name and email to run your account and orders/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("shows 'Registration Error' with the server's reason", async () => {
    fakeApi({ 'POST /users/register': () => [409, { error: 'An account with this email already exists.' }] });
    renderPage(<RegisterPage />, { path: '/register' });
    await fill({
      'First name': 'Asha',
      'Last name': 'Rao',
      Email: 'asha@example.in',
      Password: 'correct horse',
      'Confirm password': 'correct horse',
    });
    await submit();

    await expectVisibleText('Registration Error');
    expect(screen.getByText('An account with this email already exists.')).toBeVisible();
  });

  const shopper = {
    'First name': 'Asha',
    'Last name': 'Rao',
    Email: ' Asha@Example.in ',
    Password: 'correct horse',
    'Confirm password': 'correct horse',
  };

  it('signs the new shopper in and returns to the checkout that sent them, with the success toast', async () => {
    const calls = fakeApi({
      'POST /users/register': () => [201, { id: 'u1', message: 'Account created.' }],
      'POST /users/authorize': () => [200, { token: 'token-new' }],
    });
    // The cart sent the guest to /login with /checkout as the origin; "Create an account" carried it here.
    renderPage(<RegisterPage />, { path: '/register', state: { from: { pathname: '/checkout', search: '' } } });
    await fill(shopper);
    await submit();

    await expectVisibleText('Landed on /checkout');
    expect(screen.getByText('Account created successfully. You can now log in.')).toBeVisible();
    expect(document.cookie).toContain('auth_token=token-new');
    // The page's language goes with the registration: the welcome email is written in it.
    expect(calls.find((call) => call.route === 'POST /users/register')?.body).toMatchObject({
      email: 'asha@example.in',
      language: 'en',
    });
    expect(calls.find((call) => call.route === 'POST /users/authorize')?.body).toEqual({
      email: 'asha@example.in',
      password: 'correct horse',
      rememberMe: false,
    });
  });

  it('goes home when it came from nowhere in particular', async () => {
    fakeApi({
      'POST /users/register': () => [201, { id: 'u1', message: 'Account created.' }],
      'POST /users/authorize': () => [200, { token: 'token-new' }],
    });
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(shopper);
    await submit();
    await expectVisibleText('Landed on /');
  });

  it('sends the shopper to sign in, keeping the origin, when signing in after registering fails', async () => {
    fakeApi({
      'POST /users/register': () => [201, { id: 'u1', message: 'Account created.' }],
      'POST /users/authorize': () => [429, { error: 'Too many attempts.' }],
    });
    renderPage(<RegisterPage />, { path: '/register', state: { from: { pathname: '/checkout', search: '' } } });
    await fill(shopper);
    await submit();
    await expectVisibleText('Landed on /login');
    expect(document.cookie).not.toContain('auth_token');
  });
});
