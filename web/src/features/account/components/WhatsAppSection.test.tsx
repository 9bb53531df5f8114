import { WHATSAPP_CONSENT_TEXT } from '@netkart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { WhatsAppSection } from './WhatsAppSection';

beforeEach(() => setAuthToken('token-1', true));

describe('order updates on WhatsApp on the account page', () => {
  it('are off until asked for: the consent’s words are shown, and the number is sent as typed into +91', async () => {
    let updates = { enabled: false, phone: null as string | null, since: null as string | null };
    const calls = fakeApi({
      'GET /users/whatsapp': () => [200, updates],
      'PUT /users/whatsapp': (body) => {
        updates = { enabled: true, phone: '+919845012345', since: '2026-11-28T10:00:00.000Z' };
        expect(body).toEqual({ enabled: true, phone: '+919845012345' });
        return [200, updates];
      },
    });
    renderPage(<WhatsAppSection phone={null} />, { path: '/account' });
    expect(await screen.findByText(WHATSAPP_CONSENT_TEXT)).toBeInTheDocument();
    const field = screen.getByLabelText('WhatsApp number');
    await userEvent.clear(field);
    await userEvent.type(field, '098450 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send me WhatsApp updates' }));
    expect(await screen.findByText(/On, to \+919845012345/)).toBeInTheDocument();
    expect(calls.map((call) => call.route)).toContain('PUT /users/whatsapp');
  });

  it('are stopped with one button, and a refusal is shown beside the number', async () => {
    let updates = {
      enabled: true,
      phone: '+919845012345' as string | null,
      since: '2026-11-28T10:00:00.000Z' as string | null,
    };
    fakeApi({
      'GET /users/whatsapp': () => [200, updates],
      'PUT /users/whatsapp': (body) => {
        if ((body as { enabled: boolean }).enabled) {
          return [400, { error: 'Please enter an Indian mobile number.', field: 'phone' }];
        }
        updates = { enabled: false, phone: null, since: null };
        return [200, updates];
      },
    });
    renderPage(<WhatsAppSection phone="+919845012345" />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop WhatsApp updates' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send me WhatsApp updates' }));
    expect(await screen.findByText('Please enter an Indian mobile number.')).toBeInTheDocument();
  });
});
