import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { aStoreInfo } from '@/test/store-info';
import { Header } from './Header';

afterEach(() => vi.unstubAllGlobals());

const showHeader = () => {
  fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo()], 'GET /products/suggest': () => [200, { suggestions: [] }] });
  renderPage(<Header />, { path: '/' });
};

describe('the header', () => {
  it("keeps the store's first three categories and All Products beside the search box", async () => {
    showHeader();
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(main).findByRole('link', { name: 'LAN Adapters' })).toHaveAttribute(
      'href',
      '/products?category=lan%20adapters',
    );
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['LAN Adapters', 'Laptop Accessories', 'USB Hubs', 'All Products']);
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  });

  it('opens a search row on a phone with its Search button, focused, and closes it with Escape', async () => {
    showHeader();
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The header's own box (shown from tablets up) is the only one until the row opens.
    expect(screen.getAllByRole('combobox', { name: 'Search products' })).toHaveLength(1);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const row = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    const box = within(row as HTMLElement).getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveFocus();

    await userEvent.type(box, 'usb hub{Enter}');
    expect(await screen.findByText('Landed on /products?q=usb+hub')).toBeVisible();
  });

  it('closes the phone search row with Escape in an empty box, back on its button', async () => {
    showHeader();
    const toggle = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('combobox', { name: 'Search products' })).toHaveLength(1);
    expect(toggle).toHaveFocus();
  });
});

describe('the phone menu', () => {
  it("lists every one of the store's categories, then All Products and the shop's other pages", async () => {
    showHeader();
    await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['LAN Adapters', '/products?category=lan%20adapters'],
      ['Laptop Accessories', '/products?category=laptop%20accessories'],
      ['USB Hubs', '/products?category=usb%20hubs'],
      ['Storage', '/products?category=storage'],
      ['All Products', '/products'],
      ['Wishlist', '/wishlist'],
      ['Track Order', '/track-order'],
      ['Contact', '/contact'],
    ]);
  });
});
