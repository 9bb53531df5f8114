import {
  ACCOUNT_DELETED,
  DELETE_CODE_SENT,
  EMAIL_LINK_SENT,
  PASSWORD_UPDATED,
  type SavedAddress,
} from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { englishT } from '@/lib/i18n';
import { fakeApi, hindiPage, renderPage } from '@/test/render-page';
import { ChangePasswordSection } from './ChangePasswordSection';
import { SavedAddressesSection } from './SavedAddressesSection';
import { SessionsSection } from './SessionsSection';
import { WhatsAppSection } from './WhatsAppSection';

const home: SavedAddress = {
  id: 'addr-1',
  fullName: 'Asha Rao',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '+919876543210',
  isDefault: true,
};

beforeEach(() => setAuthToken('token-1', true));
afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
});

describe('the account’s sections on a Hindi page', () => {
  it('list the devices in Hindi, with their last use as Hindi writes the date', async () => {
    fakeApi({
      'GET /account/sessions': () => [
        200,
        {
          sessions: [
            { id: 's-1', device: 'Chrome on Android', lastUsedAt: '2026-11-20T10:00:00.000Z', current: true },
            { id: 's-2', device: '', lastUsedAt: '2026-11-25T18:45:00.000Z', current: false },
          ],
        },
      ],
    });
    renderPage(<SessionsSection />, { path: '/hi/account', i18n: await hindiPage() });
    const list = await screen.findByRole('region', { name: 'आप कहाँ साइन इन हैं' });
    expect(await within(list).findByText('यह डिवाइस')).toBeVisible();
    // 18:45 UTC is 12:15 am the next day in India.
    expect(list).toHaveTextContent('अनजान डिवाइस');
    expect(list).toHaveTextContent('आखिरी बार इस्तेमाल: 26 नव॰ 2026, 12:15 am');
    expect(
      within(list).getByRole('button', {
        name: 'अनजान डिवाइस को साइन आउट करें, आखिरी बार इस्तेमाल: 26 नव॰ 2026, 12:15 am',
      }),
    ).toBeVisible();
    expect(list).not.toHaveTextContent(/Last used|This device|Unknown device/);
  });

  it('check a new password in Hindi before sending it', async () => {
    const calls = fakeApi({});
    renderPage(<ChangePasswordSection />, { path: '/hi/account', i18n: await hindiPage() });
    const section = screen.getByRole('region', { name: 'पासवर्ड बदलें' });
    await userEvent.type(within(section).getByLabelText('नया पासवर्ड'), 'abc');
    await userEvent.type(within(section).getByLabelText('नया पासवर्ड दोबारा डालें'), 'abd');
    await userEvent.click(within(section).getByRole('button', { name: 'पासवर्ड बदलें' }));
    expect(await within(section).findByText('मौजूदा पासवर्ड डालना ज़रूरी है।')).toBeVisible();
    expect(within(section).getByText('पासवर्ड कम से कम 6 अक्षरों का होना चाहिए')).toBeVisible();
    // Nothing was sent: the only request is the page's own reading of the signed-in account.
    expect(calls.filter((call) => !call.route.startsWith('GET '))).toEqual([]);
  });

  it('show the address book and the WhatsApp updates in Hindi', async () => {
    fakeApi({
      'GET /account/addresses': () => [200, [home]],
      'GET /users/whatsapp': () => [200, { enabled: true, phone: '+919845012345', since: '2026-11-25T18:45:00.000Z' }],
    });
    const i18n = await hindiPage();
    renderPage(
      <>
        <SavedAddressesSection />
        <WhatsAppSection phone="+919845012345" />
      </>,
      { path: '/hi/account', i18n },
    );
    const book = screen.getByRole('region', { name: 'सेव किए गए पते' });
    expect(await within(book).findByText('डिफ़ॉल्ट')).toBeVisible();
    expect(within(book).getByRole('button', { name: /^Asha Rao, .* बदलें$/ })).toHaveTextContent('बदलें');
    expect(within(book).getByRole('button', { name: 'नया पता जोड़ें' })).toBeVisible();
    const whatsapp = screen.getByRole('region', { name: 'WhatsApp पर ऑर्डर अपडेट' });
    expect(
      await within(whatsapp).findByText(
        '26 नव॰ 2026, 12:15 am से चालू, +919845012345 पर: ऑर्डर होने, शिप होने और डिलीवर होने की खबर।',
      ),
    ).toBeVisible();
    expect(within(whatsapp).getByRole('button', { name: 'WhatsApp अपडेट बंद करें' })).toBeVisible();
  });
});

describe('the account’s sections in English', () => {
  it('say the shop’s own answers in its exact words', () => {
    expect(englishT('changePassword.updated')).toBe(PASSWORD_UPDATED);
    expect(englishT('addEmail.sent')).toBe(EMAIL_LINK_SENT);
    expect(englishT('myData.codeSent')).toBe(DELETE_CODE_SENT);
    expect(englishT('myData.deleted')).toBe(ACCOUNT_DELETED);
  });

  it('count devices in words', () => {
    expect(englishT('changePassword.signedOut', { ended: 0 })).toBe('No other device was signed in.');
    expect(englishT('changePassword.signedOut', { ended: 1 })).toBe('1 other device was signed out.');
    expect(englishT('changePassword.signedOut', { ended: 3 })).toBe('3 other devices were signed out.');
    expect(englishT('sessions.othersSignedOut', { ended: 1 })).toBe('1 other device is no longer signed in.');
    expect(englishT('sessions.othersSignedOut', { ended: 2 })).toBe('2 other devices are no longer signed in.');
    expect(englishT('whatsapp.turnedOnText', { phone: '+919845012345' })).toBe(
      "Your orders' news will come to +919845012345 on WhatsApp.",
    );
  });
});
