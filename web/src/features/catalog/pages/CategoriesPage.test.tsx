import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { aStoreInfo } from '@/test/store-info';
import CategoriesPage from './CategoriesPage';

afterEach(() => vi.unstubAllGlobals());

describe('the categories page', () => {
  it("links to every one of the store's categories and to All Products", async () => {
    const categories = [
      'LAN Adapters',
      'Laptop Accessories',
      'USB Hubs',
      'Docking Stations',
      'Storage',
      'Cables & Chargers',
    ];
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo({ categories })] });
    renderPage(<CategoriesPage />, { path: '/categories' });
    expect(await screen.findByRole('link', { name: 'Cables & Chargers' })).toHaveAttribute(
      'href',
      '/products?category=cables%20%26%20chargers',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
  });
});
