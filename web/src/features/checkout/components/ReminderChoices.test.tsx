import { CART_REMINDER_CONSENT_TEXT, REVIEW_REQUEST_CONSENT_TEXT } from '@netkart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, type CartItem } from '@/features/cart/cart-rules';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { ReminderChoices } from './ReminderChoices';

const adapter: CartItem = { id: 'p-lan-1', name: 'LAN Adapter', image: '/a.svg', price: 1899, quantity: 2 };
const signedIn = {
  'GET /accountInfo': () =>
    [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }] as [number, unknown],
};

beforeEach(() => {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
  setAuthToken('token-1', true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
  localStorage.removeItem(CART_STORAGE_KEY);
});

describe('the reminder boxes at checkout', () => {
  it('start unticked, keep the cart as having reached checkout, and record a tick at once', async () => {
    const calls = fakeApi({
      ...signedIn,
      'GET /users/reminders': () => [200, { cartReminders: false, reviewRequests: false }],
      'PUT /users/reminders': (body) => [200, { cartReminders: true, reviewRequests: false, ...(body as object) }],
      'PUT /cart': (body) => [200, { lines: (body as { lines: unknown[] }).lines, updatedAt: '2027-02-04T10:00:00Z' }],
    });
    renderPage(<ReminderChoices />, { path: '/checkout' });
    const cartBox = await screen.findByLabelText(CART_REMINDER_CONSENT_TEXT);
    const reviewBox = screen.getByLabelText(REVIEW_REQUEST_CONSENT_TEXT);
    expect(cartBox).not.toBeChecked();
    expect(reviewBox).not.toBeChecked();
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /cart')).toBe(true));
    expect(calls.find((call) => call.route === 'PUT /cart')?.body).toEqual({
      lines: [{ productId: 'p-lan-1', quantity: 2 }],
      checkout: true,
    });
    expect(calls.some((call) => call.route === 'PUT /users/reminders')).toBe(false);

    await userEvent.click(cartBox);
    await waitFor(() => expect(cartBox).toBeChecked());
    expect(calls.find((call) => call.route === 'PUT /users/reminders')?.body).toEqual({ cartReminders: true });
    expect(reviewBox).not.toBeChecked();
  });

  it('puts a box back and says so when the choice could not be saved', async () => {
    fakeApi({
      ...signedIn,
      'GET /users/reminders': () => [200, { cartReminders: false, reviewRequests: false }],
      'PUT /users/reminders': () => [503, { error: 'The shop is busy. Please try again.' }],
      'PUT /cart': (body) => [200, { ...(body as object), updatedAt: '2027-02-04T10:00:00Z' }],
    });
    renderPage(<ReminderChoices />, { path: '/checkout' });
    const reviewBox = await screen.findByLabelText(REVIEW_REQUEST_CONSENT_TEXT);
    await userEvent.click(reviewBox);
    expect(await screen.findByText('Your choice could not be saved')).toBeVisible();
    expect(reviewBox).not.toBeChecked();
  });

  it('shows nothing to a guest', async () => {
    clearAuthToken();
    fakeApi({});
    renderPage(
      <>
        <p>Checkout</p>
        <ReminderChoices />
      </>,
      { path: '/checkout' },
    );
    await screen.findByText('Checkout');
    expect(screen.queryByLabelText(CART_REMINDER_CONSENT_TEXT)).toBeNull();
  });
});
