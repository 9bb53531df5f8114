import type { AdminTicket, AdminTicketListResponse } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const aTicket = (overrides: Partial<AdminTicket> = {}): AdminTicket => ({
  number: 'T-000042',
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  subject: 'GST invoice',
  message: 'Please send the GST invoice.\nOrder 7KX2M9QH4D.',
  status: 'open',
  createdAt: '2026-11-20T18:45:00.000Z',
  ...overrides,
});

const listOf = (url: URL): AdminTicketListResponse => {
  const status = url.searchParams.get('status');
  const page = Number(url.searchParams.get('page') ?? 1);
  const data =
    status === 'closed'
      ? [aTicket({ number: 'T-000007', subject: 'Delivery to Leh', status: 'closed' })]
      : [
          aTicket({ number: page === 1 ? 'T-000042' : 'T-000016' }),
          aTicket({ number: 'T-000041', subject: 'Charger' }),
        ];
  return { data, total: status === 'closed' ? 1 : 30, page, limit: 25, counts: { open: 30, closed: 1 } };
};

describe('the tickets page', () => {
  it('lists the open tickets newest first with the time in India, pages through them, and shows the closed ones', async () => {
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/tickets': (_body, url) => [200, listOf(url)],
    });
    const { router } = renderAdmin('/admin/tickets');
    const list = await screen.findByRole('list', { name: 'Tickets, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link', { name: 'T-000042' })).toHaveAttribute(
      'href',
      '/admin/tickets/T-000042',
    );
    // 18:45 UTC is past midnight in India.
    expect(within(first as HTMLElement).getByText('21 Nov 2026, 12:15 am')).toBeVisible();
    expect(within(first as HTMLElement).getByText('Asha Rao')).toBeVisible();
    expect(within(first as HTMLElement).getByText('asha.rao@example.in')).toBeVisible();
    expect(within(first as HTMLElement).getByText('GST invoice')).toBeVisible();
    expect(within(second as HTMLElement).getByText('Charger')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open 30', current: 'page' })).toBeVisible();
    expect(document.title).toBe('Tickets · Back office');
    expect(calls.find((call) => call.route === 'GET /admin/tickets')?.url.searchParams.get('status')).toBe('open');

    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    await expectVisibleText('T-000016');

    await userEvent.click(screen.getByRole('link', { name: 'Closed 1' }));
    expect(router.state.location.search).toBe('?status=closed');
    await expectVisibleText('Delivery to Leh');
    expect(screen.queryByText('GST invoice')).toBeNull();
  });

  it('is in the back office’s menu for staff', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'orders' })],
      'GET /admin/tickets': (_body, url) => [200, listOf(url)],
    });
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/admin/tickets');
  });
});

describe('a ticket', () => {
  it('shows the message with a reply link, and marks it handled', async () => {
    let ticket = aTicket();
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/tickets/T-000042': () => [200, ticket],
      'POST /admin/tickets/T-000042/close': () => {
        ticket = { ...ticket, status: 'closed' };
        return [200, ticket];
      },
    });
    renderAdmin('/admin/tickets/T-000042');
    expect(await screen.findByRole('heading', { name: 'Ticket T-000042' })).toBeVisible();
    const message = screen.getByRole('region', { name: 'Message' });
    expect(within(message).getByText('GST invoice')).toBeVisible();
    expect(within(message).getByText(/Please send the GST invoice\.\s+Order 7KX2M9QH4D\./)).toBeVisible();
    expect(screen.getByText('Open')).toBeVisible();
    const reply = screen.getByRole('link', { name: 'Reply by email' });
    expect(reply.getAttribute('href')).toBe(
      `mailto:asha.rao@example.in?subject=${encodeURIComponent('Re: GST invoice [T-000042]')}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Mark as handled' }));
    await expectVisibleText('Handled');
    expect(screen.queryByRole('button', { name: 'Mark as handled' })).toBeNull();
    const closing = calls.find((call) => call.route === 'POST /admin/tickets/T-000042/close');
    expect(closing).toBeDefined();
  });

  it('says why it could not be marked handled, and for an unknown ticket what the shop answered', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/tickets/T-000042': () => [200, aTicket()],
      'POST /admin/tickets/T-000042/close': () => [403, { error: 'The page is out of date. Reload it and try again.' }],
      'GET /admin/tickets/T-999999': () => [404, { error: 'No ticket has that number.' }],
    });
    renderAdmin('/admin/tickets/T-000042');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as handled' }));
    await expectVisibleText('The page is out of date. Reload it and try again.');
    expect(screen.getByRole('button', { name: 'Mark as handled' })).toBeEnabled();

    renderAdmin('/admin/tickets/T-999999');
    await expectVisibleText('No ticket has that number.');
  });
});
