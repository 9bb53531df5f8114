import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { aPlainStoreInfo, aStoreInfo } from '@/test/store-info';
import { expectVisibleText } from '@/test/visible';
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
    // The store's phone is a tap to call.
    expect(await screen.findByRole('link', { name: '+91 80 4718 2290' })).toHaveAttribute('href', 'tel:+918047182290');
    expect(screen.getByText('+91 80 4718 2290').parentElement).toHaveTextContent('Phone: +91 80 4718 2290');
    expect(
      screen.getByText(`© ${new Date().getFullYear()} NetKart Technologies LLP. All rights reserved.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('names the seller, its GSTIN and its grievance officer', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo()] });
    renderPage(<Footer />, { path: '/' });
    const seller = await screen.findByRole('region', { name: 'Seller details' });
    expect(within(seller).getByText('NetKart Technologies Private Limited')).toBeVisible();
    expect(within(seller).getByText('3rd Floor, 41 Residency Road, Bengaluru')).toBeVisible();
    expect(within(seller).getByText('GSTIN: 29AAHCN4821K1Z4')).toBeVisible();
    expect(within(seller).getByText('Priya Raghavan, Grievance Officer')).toBeVisible();
    expect(within(seller).getByRole('link', { name: 'grievance@netkart.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@netkart.in',
    );
    expect(within(seller).getByRole('link', { name: '+91 80 4718 2291' })).toHaveAttribute('href', 'tel:+918047182291');
  });

  it('claims no GSTIN for a seller not registered for GST', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aPlainStoreInfo()] });
    renderPage(<Footer />, { path: '/' });
    const seller = await screen.findByRole('region', { name: 'Seller details' });
    expect(within(seller).getByText('Chai Tech LLP')).toBeVisible();
    expect(within(seller).queryByText(/GSTIN/)).toBeNull();
    expect(within(seller).queryByText('Grievance Officer')).toBeNull();
  });

  it("lists the store's own categories, linked like the header's", async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo({ categories: ['LAN Adapters', 'Cables & Chargers'] })] });
    renderPage(<Footer />, { path: '/' });
    const products = await screen.findByRole('navigation', { name: 'Products' });
    expect(
      within(products)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['LAN Adapters', '/products?category=lan%20adapters'],
      ['Cables & Chargers', '/products?category=cables%20%26%20chargers'],
    ]);
  });

  it('lists no products of another shop when the store has no categories', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aPlainStoreInfo()] });
    renderPage(<Footer />, { path: '/' });
    await expectVisibleText('Seller details');
    expect(screen.queryByRole('navigation', { name: 'Products' })).toBeNull();
    expect(screen.queryByText(/LAN Adapters|USB Hubs|Docking Stations/)).toBeNull();
  });

  it.each([
    ['loading', () => new Promise<Response>(() => {})],
    ['failed', async () => new Response(JSON.stringify({ error: 'Down' }), { status: 500 })],
  ])('names no brand while the store info is %s', async (_state, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    renderPage(<Footer />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/TechKart|NetKart|Online Store/)).toBeNull();
    expect(screen.getByText(/All rights reserved\./)).toBeVisible();
  });
});
