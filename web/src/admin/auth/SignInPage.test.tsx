import { SIGN_IN_LINK_OFFERED, TWO_FACTOR_REQUIRED } from '@netkart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { type Answer, aSession, fakeApi, renderAdmin } from '../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const signedOut = { 'GET /admin/session': (): Answer => [401, { error: 'Please sign in to the back office.' }] };
const noOrders = (): Answer => [200, { data: [], total: 0, page: 1, limit: 25, counts: {} }];

async function fillIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in to the back office', () => {
  it('shows the form when signed out, signs in and stays on the page asked for', async () => {
    const calls = fakeApi({
      ...signedOut,
      'POST /admin/session': () => [200, aSession()],
      'GET /admin/orders': noOrders,
    });
    const { router } = renderAdmin('/admin/orders');
    await fillIn('Asha@NetKart.in ', 'correct horse battery');

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/orders');
    expect(screen.getByText('Asha Rao')).toBeVisible();
    expect(screen.getByText('NetKart')).toBeVisible();
    const signIn = calls.find((call) => call.route === 'POST /admin/session');
    expect(signIn?.body).toEqual({ email: 'asha@netkart.in', password: 'correct horse battery' });
    expect(document.title).toBe('Orders · Back office');
  });

  it('checks the fields in the browser before asking the server', async () => {
    const calls = fakeApi({ ...signedOut });
    renderAdmin('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    await expectVisibleText('Email is required.');
    expect(screen.getByText('Password is required.')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /admin/session')).toEqual([]);
  });

  it('asks for the authenticator code when the server wants it, and sends it', async () => {
    const calls = fakeApi({
      ...signedOut,
      'POST /admin/session': (body) =>
        (body as { code?: string }).code === '123456'
          ? [200, aSession({ role: 'owner', twoFactor: true })]
          : [401, { error: TWO_FACTOR_REQUIRED, field: 'code' }],
      'GET /admin/orders': noOrders,
    });
    renderAdmin('/admin/orders');
    await fillIn('asha@netkart.in', 'correct horse battery');

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(screen.getByText(TWO_FACTOR_REQUIRED)).toBeVisible();
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectVisibleText('The code is the 6 digits your authenticator app shows.');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeVisible();
    const sent = calls.filter((call) => call.route === 'POST /admin/session').map((call) => call.body);
    expect(sent).toEqual([
      { email: 'asha@netkart.in', password: 'correct horse battery' },
      { email: 'asha@netkart.in', password: 'correct horse battery', code: '123456' },
    ]);
    // An owner without two-factor is reminded; this one has it.
    expect(screen.queryByText(/Turn on two-factor sign-in/)).toBeNull();
  });

  it('shows a wrong code beside the code field, and a wrong password above the form', async () => {
    let answers = 0;
    fakeApi({
      ...signedOut,
      'POST /admin/session': () => {
        answers += 1;
        if (answers === 1) return [401, { error: TWO_FACTOR_REQUIRED, field: 'code' }];
        if (answers === 2) return [401, { error: 'That code is not right.', field: 'code' }];
        return [401, { error: 'Invalid email or password.' }];
      },
    });
    renderAdmin('/admin');
    await fillIn('asha@netkart.in', 'correct horse battery');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const codeField = screen.getByLabelText('Authentication code');
    await waitFor(() => expect(codeField).toHaveAccessibleDescription(/That code is not right\./));
    expect(codeField).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectVisibleText('Invalid email or password.');
  });

  it('shows the server’s message when there were too many tries', async () => {
    fakeApi({
      ...signedOut,
      'POST /admin/session': () => [429, { error: 'Too many failed sign-ins. Please try again in 15 minute(s).' }],
    });
    renderAdmin('/admin');
    await fillIn('asha@netkart.in', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-ins. Please try again in 15 minute(s).',
    );
  });

  it('reminds an owner without two-factor sign-in, and signs out', async () => {
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'owner', email: 'owner@netkart.in' })],
      'GET /admin/orders': noOrders,
      'DELETE /admin/session': () => [204, null],
    });
    renderAdmin('/admin/orders');
    expect(
      await screen.findByText('Turn on two-factor sign-in: npm run store -- staff two-factor owner@netkart.in'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Email')).toBeVisible();
    const signOut = calls.find((call) => call.route === 'DELETE /admin/session');
    expect(signOut).toBeDefined();
  });

  it('offers an emailed sign-in link when strangers have used up the email, and signs in with the link it opens', async () => {
    const locked =
      'Too many failed sign-ins for this email from elsewhere. Sign in with your authenticator code, or have a sign-in link emailed to you.';
    const calls = fakeApi({
      ...signedOut,
      'POST /admin/session': () => [429, { error: locked, field: SIGN_IN_LINK_OFFERED }],
      'POST /admin/session/link': () => [
        202,
        { message: 'If that email belongs to the back office, we have sent it a sign-in link.' },
      ],
    });
    renderAdmin('/admin');
    await fillIn('asha@netkart.in', 'correct horse battery');
    await expectVisibleText(locked);
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await expectVisibleText('If that email belongs to the back office, we have sent it a sign-in link.');
    expect(calls.find((call) => call.route === 'POST /admin/session/link')?.body).toEqual({ email: 'asha@netkart.in' });
  });

  it('signs in with the token of an emailed link', async () => {
    const calls = fakeApi({
      ...signedOut,
      'POST /admin/session/link/use': () => [200, aSession()],
      'GET /admin/orders': noOrders,
    });
    window.history.replaceState(null, '', '/admin/orders?sign-in-link=abc123');
    renderAdmin('/admin/orders?sign-in-link=abc123');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeVisible();
    expect(calls.find((call) => call.route === 'POST /admin/session/link/use')?.body).toEqual({ token: 'abc123' });
  });
});
