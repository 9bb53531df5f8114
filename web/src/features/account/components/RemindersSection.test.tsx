import { CART_REMINDER_CONSENT_TEXT, REVIEW_REQUEST_CONSENT_TEXT } from '@netkart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { englishT } from '@/lib/i18n';
import { fakeApi, renderPage } from '@/test/render-page';
import { LanguageSection } from './LanguageSection';
import { RemindersSection } from './RemindersSection';

const signedIn = {
  'GET /accountInfo': () =>
    [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }] as [number, unknown],
};

beforeEach(() => setAuthToken('token-1', true));
afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
});

describe('the account’s reminder switches', () => {
  it('say the consents in the checkout’s exact words', () => {
    expect(englishT('reminders.cartConsent')).toBe(CART_REMINDER_CONSENT_TEXT);
    expect(englishT('reminders.reviewConsent')).toBe(REVIEW_REQUEST_CONSENT_TEXT);
  });

  it('show each consent as kept, and turn one on or off with one PUT', async () => {
    const calls = fakeApi({
      ...signedIn,
      'GET /users/reminders': () => [200, { cartReminders: false, reviewRequests: true }],
      'PUT /users/reminders': (body) => [200, { cartReminders: false, reviewRequests: true, ...(body as object) }],
    });
    renderPage(<RemindersSection />, { path: '/account' });
    const cart = screen.getByRole('switch', { name: 'Cart reminders' });
    const reviews = screen.getByRole('switch', { name: 'Review requests' });
    await waitFor(() => expect(reviews).toBeChecked());
    expect(cart).not.toBeChecked();
    expect(cart).toHaveAccessibleDescription(CART_REMINDER_CONSENT_TEXT);

    await userEvent.click(cart);
    await waitFor(() => expect(cart).toBeChecked());
    await userEvent.click(reviews);
    await waitFor(() => expect(reviews).not.toBeChecked());
    expect(calls.filter((call) => call.route === 'PUT /users/reminders').map((call) => call.body)).toEqual([
      { cartReminders: true },
      { reviewRequests: false },
    ]);
  });

  it('put a switch back when the shop does not keep the change, and say so', async () => {
    fakeApi({
      ...signedIn,
      'GET /users/reminders': () => [200, { cartReminders: false, reviewRequests: false }],
      'PUT /users/reminders': () => [503, { error: 'Service unavailable' }],
    });
    renderPage(<RemindersSection />, { path: '/account' });
    const cart = screen.getByRole('switch', { name: 'Cart reminders' });
    await userEvent.click(cart);
    expect(await screen.findByText('Your choice could not be saved')).toBeInTheDocument();
    expect(cart).not.toBeChecked();
  });
});

describe('the account’s language', () => {
  it('shows the kept language and saves another to the account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = fakeApi({ ...signedIn, 'POST /account/language': (body) => [200, { ...(body as object) }] });
    renderPage(<LanguageSection info={{ language: 'en' } as never} />, { path: '/account' });
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/hi/account'));
    expect(calls.find((call) => call.route === 'POST /account/language')?.body).toEqual({ language: 'hi' });
    expect(document.cookie).toContain('lang=hi');
  });
});
