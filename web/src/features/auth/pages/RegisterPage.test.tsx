import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
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

    expect(await screen.findByText('First name must be at least 2 characters')).toBeVisible();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeVisible();
    expect(screen.getByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /users/register')).toEqual([]);
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

    expect(await screen.findByText('Registration Error')).toBeVisible();
    expect(screen.getByText('An account with this email already exists.')).toBeVisible();
  });
});
