import { productCode } from '@netkart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@/features/cart/cart-rules';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import WishlistPage from './WishlistPage';

afterEach(() => vi.unstubAllGlobals());

const product = (id: string, title: string, stock: number) => ({
  id,
  title,
  imgUrl: `/${id}.svg`,
  regularPrice: 1299,
  discountedPrice: null,
  stock,
  attributes: [],
});

describe('the wishlist page', () => {
  it('lists the wishlisted products with Add to Cart and Remove, and says when one is gone', async () => {
    localStorage.setItem('wishlist', JSON.stringify(['hub', 'ssd', 'gone']));
    fakeApi({
      'GET /products/hub': () => [200, product('hub', '7-Port USB Hub', 30)],
      'GET /products/ssd': () => [200, product('ssd', 'Portable NVMe SSD', 0)],
    });
    renderPage(<WishlistPage />, { path: '/wishlist' });

    expect(await screen.findByRole('link', { name: '7-Port USB Hub' })).toHaveAttribute(
      'href',
      `/product/7-port-usb-hub-${productCode('hub')}`,
    );
    await expectVisibleText('This product is no longer available.');
    expect(screen.getByRole('button', { name: 'Add to Cart: Portable NVMe SSD' })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart: 7-Port USB Hub' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toMatchObject([{ id: 'hub', quantity: 1 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Portable NVMe SSD from wishlist' }));
    expect(screen.queryByRole('link', { name: 'Portable NVMe SSD' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('wishlist') ?? '[]')).toEqual(['hub', 'gone']);
  });

  it('says when the wishlist is empty and leads to the products', () => {
    fakeApi({});
    renderPage(<WishlistPage />, { path: '/wishlist' });
    expect(screen.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });
});
