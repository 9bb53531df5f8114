import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { Footer } from './Footer';

afterEach(() => vi.unstubAllGlobals());

const storeInfo = (companyName: string) => ({
  storeName: 'NetKart',
  companyName,
  companyAddress: '3rd Floor, 41 Residency Road, Bengaluru',
  companyPhone: '+91 80 4718 2290',
  companyEmail: 'support@netkart.in',
  categories: ['LAN Adapters'],
});

describe('Footer', () => {
  it("ends the copyright line with one full stop, also after a name ending in 'Ltd.'", async () => {
    fakeApi({ 'GET /storeInfo': () => [200, storeInfo('NetKart Technologies Pvt. Ltd.')] });
    renderPage(<Footer />, { path: '/' });
    const year = new Date().getFullYear();
    expect(
      await screen.findByText(`© ${year} NetKart Technologies Pvt. Ltd. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('shows the company details and the help links', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, storeInfo('NetKart Technologies LLP')] });
    renderPage(<Footer />, { path: '/' });
    expect(await screen.findByText('Phone: +91 80 4718 2290')).toBeInTheDocument();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} NetKart Technologies LLP. All rights reserved.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
