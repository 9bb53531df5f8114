import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
});

describe('the language switch of a signed-in shopper', () => {
  it('saves the language to the account, then opens the same page in it', async () => {
    setAuthToken('token-1', true);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = fakeApi({
      'GET /accountInfo': () => [200, { email: 'asha@example.in' }],
      'POST /account/language': (body) => [200, { ...(body as object) }],
    });
    renderPage(<LanguageSwitch />, { path: '/cart' });
    await userEvent.click(screen.getByRole('link', { name: 'हिन्दी' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/hi\/cart$/)));
    expect(calls.find((call) => call.route === 'POST /account/language')?.body).toEqual({ language: 'hi' });
  });
});
