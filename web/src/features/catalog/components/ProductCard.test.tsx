import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@/features/cart/cart-rules';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import { type ProductInput, toStoreProduct } from '../product';
import { ProductCard } from './ProductCard';

afterEach(() => vi.unstubAllGlobals());

const attribute = (key: string, ...value: string[]) => ({ id: key, key, value, metricUnit: null });
const adapter: ProductInput = {
  id: 'p-lan',
  sku: 'NK-LAN-001',
  title: 'USB-C to 2.5G Ethernet Adapter',
  imgUrl: '/a.svg',
  regularPrice: 2499,
  discountedPrice: 1899,
  stock: 120,
  attributes: [],
};
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
const showCard = (product: ProductInput) => {
  fakeApi({});
  renderPage(<ProductCard product={toStoreProduct(product)} />, { path: '/' });
};

describe('a product card', () => {
  it('shows the price, the regular price struck through with the percent off, and a Sale badge', () => {
    showCard(adapter);
    expect(screen.getByText('₹1,899')).toBeVisible();
    expect(screen.getByText('₹2,499')).toHaveClass('line-through');
    expect(screen.getByText('24 % off')).toBeVisible();
    expect(screen.getByText('Sale')).toBeVisible();
    expect(screen.queryByText(/left|Out of stock/)).toBeNull();
  });

  it('says Out of stock, refuses Add to Cart and shows no Sale when none are left', () => {
    showCard({ ...adapter, stock: 0 });
    expect(screen.getByText('Out of stock')).toBeVisible();
    expect(screen.getByRole('button', { name: `Add to Cart: ${adapter.title}` })).toBeDisabled();
    expect(screen.queryByText('Sale')).toBeNull();
  });

  it('says how many are left when only a few are', () => {
    showCard({ ...adapter, stock: 3 });
    expect(screen.getByText('Only 3 left')).toBeVisible();
  });

  it('adds one unit with the only colour chosen, and its picture', async () => {
    showCard({
      ...adapter,
      images: [{ url: '/a.svg', width: 1, height: 1 }],
      attributes: [attribute('Color', 'Silver')],
    });
    await userEvent.click(screen.getByRole('button', { name: `Add to Cart: ${adapter.title}` }));
    expect(stored()).toEqual([
      { id: 'p-lan', name: adapter.title, image: '/a.svg', price: 1899, quantity: 1, selectedColor: 'Silver' },
    ]);
  });

  it('opens the product page instead when there are sizes or colours to choose from', async () => {
    showCard({ ...adapter, attributes: [attribute('Size', '13"', '15.6"'), attribute('Color', 'Navy')] });
    await userEvent.click(screen.getByRole('button', { name: `Add to Cart: ${adapter.title}` }));
    await expectVisibleText('Landed on /product/p-lan');
    expect(stored()).toEqual([]);
  });
});
