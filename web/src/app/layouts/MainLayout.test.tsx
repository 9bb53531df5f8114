import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { MainLayout } from './MainLayout';

afterEach(() => vi.unstubAllGlobals());

const storeInfo = (paymentMode?: string) => ({
  storeName: 'NetKart',
  companyName: 'NetKart Technologies Pvt. Ltd.',
  categories: ['LAN Adapters'],
  ...(paymentMode ? { paymentMode } : {}),
});

describe('the main layout', () => {
  it('says on every page that payments are simulated while the store uses the sandbox gateway', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, storeInfo('test')] });
    renderPage(<MainLayout />, { path: '/' });
    const banner = await screen.findByRole('complementary', { name: 'Test mode' });
    expect(banner).toHaveTextContent('Test mode — no real money');
    expect(banner).toHaveTextContent('Payments here are simulated; nothing is charged.');
  });

  it.each(['live', 'none', undefined])('shows no test banner when the payment mode is %s', async (paymentMode) => {
    fakeApi({ 'GET /storeInfo': () => [200, storeInfo(paymentMode)] });
    renderPage(<MainLayout />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'NetKart' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText('Test mode — no real money')).toBeNull();
  });
});
