import type { AdminEmail, AdminEmailsResponse } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const anEmail = (overrides: Partial<AdminEmail> = {}): AdminEmail => ({
  id: 'm1',
  kind: 'order.placed',
  recipient: 'shopper@example.in',
  subject: 'Order 7KX2M9QH4D placed | NetKart',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:01.000Z',
  nextAttemptAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const listed = (data: AdminEmail[], counts = { waiting: 0, failed: 0 }): AdminEmailsResponse => ({
  data,
  total: data.length,
  page: 1,
  limit: 50,
  ...counts,
});

describe('the emails page', () => {
  it('shows each email’s time, subject, recipient and status, and why a failed one failed', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/emails': () => [
        200,
        listed(
          [
            anEmail(),
            anEmail({
              id: 'm2',
              kind: 'merchant.order.placed',
              recipient: 'owner@netkart.in',
              subject: 'New order 7KX2M9QH4D: ₹1,249.99 | NetKart',
              status: 'failed',
              attempts: 12,
              lastError: '451 Try again later',
              sentAt: null,
            }),
          ],
          { waiting: 0, failed: 1 },
        ),
      ],
    });
    renderAdmin('/admin/emails');
    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    const [sent, failed] = within(list).getAllByRole('listitem');
    expect(within(sent as HTMLElement).getByText('Order 7KX2M9QH4D placed | NetKart')).toBeVisible();
    expect(within(sent as HTMLElement).getByText('To shopper@example.in')).toBeVisible();
    expect(within(sent as HTMLElement).getByText('20 Nov 2026, 3:30 pm')).toBeVisible();
    expect(within(sent as HTMLElement).getByText('Sent')).toBeVisible();
    expect(within(sent as HTMLElement).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(within(failed as HTMLElement).getByText('Failed')).toBeVisible();
    expect(within(failed as HTMLElement).getByText('Last try: 451 Try again later (12 tries)')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 email was not delivered for a day and given up. Check the mail server (SMTP_URL), then send them again.',
    );
    expect(document.title).toBe('Messages · Back office');
  });

  it('sends a failed email again, and all of them at once, and reads the list again', async () => {
    let failed = true;
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/emails': () => [
        200,
        failed
          ? listed([anEmail({ status: 'failed', lastError: 'connect ECONNREFUSED', sentAt: null })], {
              waiting: 0,
              failed: 1,
            })
          : listed([anEmail()]),
      ],
      'POST /admin/emails/m1/retry': () => [200, { email: anEmail({ status: 'pending' }) }],
      'POST /admin/emails/retry': () => {
        failed = false;
        return [200, { count: 3 }];
      },
    });
    renderAdmin('/admin/emails?status=failed');
    await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    await expectVisibleText('“Order 7KX2M9QH4D placed | NetKart” will be sent again within a minute.');
    expect(calls.filter((call) => call.route === 'POST /admin/emails/m1/retry')).toHaveLength(1);
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('failed');

    await userEvent.click(screen.getByRole('button', { name: 'Send all waiting and failed now' }));
    await expectVisibleText('3 messages will be sent again within a minute.');
    expect(
      await within(await screen.findByRole('list', { name: 'Messages, newest first' })).findByText('Sent'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send all waiting and failed now' })).toBeNull();
  });

  it('labels text messages SMS with the phone, beside the emails, never showing their code', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/emails': () => [
        200,
        listed([
          anEmail({
            id: 'm3',
            kind: 'sms.cod-code',
            channel: 'sms',
            recipient: '+919845012345',
            subject: 'Text message',
          }),
          anEmail({ channel: 'email' }),
        ]),
      ],
    });
    renderAdmin('/admin/emails');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeVisible();
    const [text, email] = within(await screen.findByRole('list', { name: 'Messages, newest first' })).getAllByRole(
      'listitem',
    );
    expect(within(text as HTMLElement).getByText('SMS')).toBeVisible();
    expect(within(text as HTMLElement).getByText('Cash-on-delivery confirmation code')).toBeVisible();
    expect(within(text as HTMLElement).getByText('To +919845012345')).toBeVisible();
    expect(within(email as HTMLElement).queryByText('SMS')).toBeNull();
    expect(within(email as HTMLElement).getByText('Order 7KX2M9QH4D placed | NetKart')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/admin/emails');
  });

  it('filters by status through tabs that keep their place in the address', async () => {
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/emails': () => [200, listed([])],
    });
    const { router } = renderAdmin('/admin/emails');
    expect(await screen.findByText('No messages here')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Waiting' }));
    expect(router.state.location.search).toBe('?status=waiting');
    expect(screen.getByRole('link', { name: 'Waiting' })).toHaveAttribute('aria-current', 'page');
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.get('status')).toBe('waiting'));
  });
});
