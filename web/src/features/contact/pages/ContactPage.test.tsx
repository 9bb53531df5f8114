import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { fakeApi, renderPage } from '@/test/render-page';
import { aPlainStoreInfo, aStoreInfo } from '@/test/store-info';
import { expectVisibleText } from '@/test/visible';
import ContactPage, { SENDING_AT_LEAST_MS } from './ContactPage';

afterEach(() => {
  // Toasts are kept outside the page and shown again by the next page's toaster.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Email'), 'asha@example.in');
  await user.type(screen.getByLabelText('Subject'), 'GST invoice');
  await user.type(screen.getByLabelText('Message'), 'Please send the invoice for my last order.');
}
describe("the seller's particulars", () => {
  it('shows the legal name, address, GSTIN and grievance officer below the form', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo()] });
    renderPage(<ContactPage />, { path: '/contact' });
    const seller = await screen.findByRole('region', { name: 'Seller details' });
    expect(within(seller).getByText('NetKart Technologies Private Limited')).toBeVisible();
    expect(within(seller).getByText('GSTIN: 29AAHCN4821K1Z4')).toBeVisible();
    expect(within(seller).getByText('Priya Raghavan, Grievance Officer')).toBeVisible();
    expect(within(seller).getByRole('link', { name: '+91 80 4718 2291' })).toHaveAttribute('href', 'tel:+918047182291');
  });
});

describe('the contact form', () => {
  it('asks for every field, and for a valid email', async () => {
    fakeApi({});
    renderPage(<ContactPage />, { path: '/contact' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await expectVisibleText('Name is required');
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Subject is required')).toBeVisible();
    expect(screen.getByText('Message is required')).toBeVisible();
  });

  it("shows 'Sending...' for 1.5 s, then thanks the shopper with the ticket number and clears the form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = fakeApi({ 'POST /contact': () => [201, { ticket: 'T-000042' }] });
    renderPage(<ContactPage />, { path: '/contact' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(SENDING_AT_LEAST_MS - 200));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(250));

    const thanks = "Thank you for your message. We'll get back to you shortly. Your ticket number is T-000042.";
    // The toast says it, and so does the form, which keeps saying it after the toast has gone.
    await waitFor(() => expect(screen.getAllByText(thanks)).toHaveLength(2));
    const sent = within(screen.getByRole('form', { name: 'Send us a message' })).getByRole('status');
    expect(sent).toHaveTextContent('Message Sent');
    expect(sent).toHaveTextContent(thanks);
    expect(sent).toHaveTextContent('Please quote T-000042 if you write to us about it again.');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(screen.getAllByText(thanks)).toHaveLength(1));
    expect(sent).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(calls.filter((call) => call.route === 'POST /contact').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.in',
        subject: 'GST invoice',
        message: 'Please send the invoice for my last order.',
      },
    ]);
  });

  it("keeps saying 'Sending...' while the shop has not answered, however long that takes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeApi({ 'POST /contact': () => [201, { ticket: 'T-000043' }] });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await answered;
      return fakeFetch(input, init);
    });
    renderPage(<ContactPage />, { path: '/contact' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await act(() => vi.advanceTimersByTimeAsync(SENDING_AT_LEAST_MS * 4));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.queryByText('Message Sent')).toBeNull();
    answer();

    await waitFor(() => expect(screen.getAllByText(/Your ticket number is T-000043\.$/)).toHaveLength(2));
  });

  it.each([
    [
      'a refusal',
      400,
      { error: 'Message can be at most 5000 characters.', field: 'message' },
      'Message can be at most 5000 characters.',
    ],
    [
      'too many messages',
      429,
      { error: 'Too many messages from this network. Please try again in 42 minute(s).' },
      'Too many messages from this network. Please try again in 42 minute(s).',
    ],
    ['a failure without a reason', 503, {}, 'Your message could not be sent. Please try again.'],
  ])(
    "on %s shows the shop's reason, keeps what was typed, and never says 'Message Sent'",
    async (_case, status, body, shown) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      fakeApi({ 'POST /contact': () => [status, body] });
      renderPage(<ContactPage />, { path: '/contact' });
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await act(() => vi.advanceTimersByTimeAsync(SENDING_AT_LEAST_MS + 50));

      await expectVisibleText(shown);
      expect(screen.queryByText('Message Sent')).toBeNull();
      expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
      expect(screen.getByLabelText('Name')).toHaveValue('Asha Rao');
      expect(screen.getByLabelText('Message')).toHaveValue('Please send the invoice for my last order.');
    },
  );

  it('says when the shop cannot be reached, and keeps the message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeApi({});
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return fakeFetch(input, init);
    });
    renderPage(<ContactPage />, { path: '/contact' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(() => vi.advanceTimersByTimeAsync(SENDING_AT_LEAST_MS + 50));

    await expectVisibleText('Could not reach the shop. Check your connection and try again.');
    expect(screen.queryByText('Message Sent')).toBeNull();
    expect(screen.getByLabelText('Subject')).toHaveValue('GST invoice');
  });
});

describe('the contact details', () => {
  it("shows the store's support hours beside its phone, and titles the tab with the page and the store", async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo({ supportHours: 'Monday to Friday, 9AM-5PM' })] });
    renderPage(<ContactPage />, { path: '/contact' });
    await expectVisibleText('Monday to Friday, 9AM-5PM');
    expect(screen.getByText('+91 80 4718 2290')).toBeVisible();
    expect(document.title).toBe('Contact Us | NetKart');
  });

  it('leaves the hours out for a store that gave none', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aPlainStoreInfo()] });
    renderPage(<ContactPage />, { path: '/contact' });
    await expectVisibleText('+91 20 4000 1234');
    expect(screen.queryByText(/Monday|Saturday|10AM/)).toBeNull();
    expect(document.title).toBe('Contact Us | Chai Tech');
  });
});
