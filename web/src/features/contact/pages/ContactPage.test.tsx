import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { aPlainStoreInfo, aStoreInfo } from '@/test/store-info';
import { expectVisibleText } from '@/test/visible';
import ContactPage, { SIMULATED_SEND_MS } from './ContactPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
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

  it("shows 'Sending...' for 1.5 s, then thanks the shopper and clears the form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeApi({});
    renderPage(<ContactPage />, { path: '/contact' });
    await user.type(screen.getByLabelText('Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Subject'), 'GST invoice');
    await user.type(screen.getByLabelText('Message'), 'Please send the invoice for my last order.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(SIMULATED_SEND_MS - 200));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(250));

    await expectVisibleText('Message Sent');
    expect(screen.getByText("Thank you for your message. We'll get back to you shortly.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('');
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
