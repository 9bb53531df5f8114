import { productCode } from '@netkart/contract';
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
  it('shows the price, the regular price struck through with the saving, and a Sale badge', () => {
    showCard(adapter);
    expect(screen.getByText('₹1,899')).toBeVisible();
    expect(screen.getByText('₹2,499').tagName).toBe('S');
    expect(screen.getByText('Save ₹600 (24%)')).toBeVisible();
    expect(screen.getByText('Sale')).toBeVisible();
    expect(screen.queryByText(/left|Out of stock/)).toBeNull();
  });

  it('strikes through only the M.R.P. when there is one, and works the saving out from it', () => {
    showCard({ ...adapter, regularPrice: 1199, discountedPrice: 899, mrp: 1499 });
    expect(screen.getByText(/M\.R\.P\.:/)).toHaveTextContent('M.R.P.: was ₹1,499');
    expect(document.querySelectorAll('s, .line-through')).toHaveLength(1);
    expect(screen.getByText('₹1,499').tagName).toBe('S');
    expect(screen.queryByText('₹1,199')).toBeNull();
    expect(screen.getByText('Save ₹600 (40%)')).toBeVisible();
  });

  it('is one link named after the product, with Add to Cart a button of its own beside it', () => {
    showCard(adapter);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(adapter.title ?? '');
    expect(links[0]).toHaveAttribute('href', `/product/usb-c-to-2-5g-ethernet-adapter-${productCode('p-lan')}`);
    const addToCart = screen.getByRole('button', { name: `Add to Cart: ${adapter.title}` });
    expect(links[0]?.contains(addToCart)).toBe(false);
    expect(addToCart.closest('a')).toBeNull();
  });

  it('says Out of stock, refuses Add to Cart and shows no Sale when none are left', () => {
    showCard({ ...adapter, stock: 0 });
    expect(screen.getByText('Out of stock')).toBeVisible();
    expect(screen.getByRole('button', { name: `Add to Cart: ${adapter.title}` })).toBeDisabled();
    expect(screen.queryByText('Sale')).toBeNull();
  });

  it("offers a phone-sized AVIF or WebP copy of the shop's own picture, and a vector picture as it is", () => {
    showCard({
      ...adapter,
      imgUrl: '/media/products/dock.png',
      images: [{ url: '/media/products/dock.png', width: 700, height: 700 }],
    });
    const sources = document.querySelectorAll('picture source');
    expect([...sources].map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[1]?.getAttribute('srcset')).toBe(
      '/pictures/320/products/dock.png.webp 320w, /pictures/480/products/dock.png.webp 480w, ' +
        '/pictures/640/products/dock.png.webp 640w, /pictures/960/products/dock.png.webp 700w',
    );
    // Two cards a row on a phone: half the screen.
    expect(sources[1]?.getAttribute('sizes')).toContain('50vw');
    expect(document.querySelector('picture img')).toHaveAttribute('src', '/media/products/dock.png');

    document.body.innerHTML = '';
    showCard({ ...adapter, images: [{ url: '/a.svg', width: 800, height: 800 }] });
    expect(document.querySelector('picture')).toBeNull();
    expect(document.querySelector('img')).toHaveAttribute('src', '/a.svg');
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
    await expectVisibleText(`Landed on /product/usb-c-to-2-5g-ethernet-adapter-${productCode('p-lan')}`);
    expect(stored()).toEqual([]);
  });
});

describe('a product whose variants differ in price', () => {
  it('reads "from" the cheapest variant’s price', () => {
    showCard({ ...adapter, discountedPrice: null, regularPrice: 1299, priceFrom: true });
    expect(screen.getByText('from')).toBeVisible();
    expect(screen.getByText('from').parentElement).toHaveTextContent('from ₹1,299');
  });
});
