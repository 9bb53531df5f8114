import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { aStoreInfo } from '@/test/store-info';
import { AuthLayout } from './AuthLayout';
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

  it.each([
    ['loading', () => new Promise<Response>(() => {})],
    ['failed', async () => new Response(JSON.stringify({ error: 'Down' }), { status: 500 })],
  ])('names no brand in the header while the store info is %s, and keeps the link home', async (_state, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    renderPage(<MainLayout />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const header = screen.getByRole('banner');
    expect(header).not.toHaveTextContent(/TechKart|NetKart|Online Store/);
    expect(within(header).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it("shows the store's logo at a fixed height in its own proportions, beside the store's name", async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo({ companyLogoUrl: '/media/logo.svg' })] });
    renderPage(<MainLayout />, { path: '/' });
    const home = await within(screen.getByRole('banner')).findByRole('link', { name: 'NetKart' });
    const logo = home.querySelector('img');
    expect(logo).toHaveAttribute('src', '/media/logo.svg');
    expect(logo).toHaveClass('h-8', 'w-auto', 'object-contain');
    // Drawn as an SVG, it is offered as raster copies too: the browser decodes those off the main thread.
    expect([...home.querySelectorAll('source')].map((source) => source.getAttribute('srcset'))).toEqual([
      '/pictures/320/logo.svg.avif 320w',
      '/pictures/320/logo.svg.webp 320w',
    ]);
    expect(home).toHaveAttribute('href', '/');
  });

  it('shows the logo on the sign-in pages too, and no brand before the store info arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { unmount } = renderPage(<AuthLayout />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Home' })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/TechKart|NetKart|Online Store/);
    unmount();

    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo({ companyLogoUrl: 'https://cdn.example.in/logo.png' })] });
    renderPage(<AuthLayout />, { path: '/login' });
    const logo = (await screen.findByRole('link', { name: 'NetKart' })).querySelector('img');
    expect(logo).toHaveAttribute('src', 'https://cdn.example.in/logo.png');
    expect(logo).toHaveClass('w-auto', 'object-contain');
    expect(logo?.closest('picture')).toBeNull();
  });
});

describe("the phone's bottom bar", () => {
  it('opens the list of every category with Category, not All Products', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, storeInfo()] });
    renderPage(<MainLayout />, { path: '/' });
    const bar = await screen.findByRole('navigation', { name: 'Quick' });
    expect(within(bar).getByRole('link', { name: 'Category' })).toHaveAttribute('href', '/categories');
  });
});
