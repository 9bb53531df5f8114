import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@/features/cart/cart-rules';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { englishT } from '@/lib/i18n';
import { fakeApi, renderPage } from '@/test/render-page';
import { aStoreInfo } from '@/test/store-info';
import { expectVisibleText } from '@/test/visible';
import ProductPage from './ProductPage';

afterEach(() => vi.unstubAllGlobals());

const attribute = (key: string, ...value: string[]) => ({ id: key, key, value, metricUnit: null });
const stand = {
  id: '3fe52e09-aaaa-bbbb-cccc-000000000001',
  sku: 'NK-LAP-001',
  title: 'Aluminium Laptop Stand',
  description: 'Lifts the screen to eye level.',
  imgUrl: '/stand.svg',
  images: [
    { url: '/stand.svg', width: 800, height: 800 },
    { url: '/stand-2.svg', width: 800, height: 800 },
  ],
  category: 'Laptop Accessories',
  regularPrice: 2999,
  discountedPrice: 2199,
  stock: 4,
  attributes: [attribute('Color', 'Silver', 'Space Grey'), attribute('Material', 'Aluminium')],
};
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
const showProduct = (product: object) => {
  fakeApi({ [`GET /products/${stand.id}`]: () => [200, product] });
  renderPage(<ProductPage />, { path: `/product/${stand.id}`, route: '/product/:id' });
};

describe("the product's legal particulars", () => {
  const particulars = {
    mrp: 3499,
    gstRate: 18,
    hsn: '84733099',
    countryOfOrigin: 'China',
    manufacturer: 'Shenzhen Linkwell Electronics Co., Ltd., Shenzhen, China',
    importer: 'NetKart Technologies Private Limited, Bengaluru 560025',
    netQuantity: '1 N',
  };

  it('strikes the MRP through above a lower price, says taxes are included, and names origin, importer and seller', async () => {
    fakeApi({
      [`GET /products/${stand.id}`]: () => [200, { ...stand, ...particulars }],
      'GET /storeInfo': () => [200, aStoreInfo()],
    });
    renderPage(<ProductPage />, { path: `/product/${stand.id}`, route: '/product/:id' });
    const mrp = await screen.findByText(/M\.R\.P\.:/);
    expect(mrp.querySelector('s')?.textContent).toBe('₹3,499');
    // One price struck through, and the saving worked out from it: the regular price is not shown.
    expect(document.querySelectorAll('s, .line-through')).toHaveLength(1);
    expect(screen.queryByText('₹2,999')).toBeNull();
    expect(screen.getByText('Save ₹1,300 (37%)')).toBeVisible();
    expect(screen.getByText('Inclusive of all taxes')).toBeVisible();
    const details = screen.getByRole('region', { name: 'Product details' });
    expect(within(details).getByText('Country of origin').nextSibling?.textContent).toBe('China');
    expect(within(details).getByText('Importer').nextSibling?.textContent).toBe(particulars.importer);
    expect(within(details).getByText('Manufacturer').nextSibling?.textContent).toBe(particulars.manufacturer);
    expect(within(details).getByText('Net quantity').nextSibling?.textContent).toBe('1 N');
    expect(await within(details).findByText('Sold by NetKart Technologies Private Limited')).toBeVisible();
  });

  it('shows an MRP equal to the price plainly, and no MRP the merchant did not give', async () => {
    showProduct({ ...stand, discountedPrice: null, regularPrice: 2999, mrp: 2999 });
    const mrp = await screen.findByText(/M\.R\.P\.:/);
    expect(mrp.querySelector('s')).toBeNull();
    expect(mrp.textContent).toBe('M.R.P.: ₹2,999');
    expect(screen.queryByText(/^Save /)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('names the BIS registration (R-number) when the product has one, and none it was not given', async () => {
    showProduct({ ...stand, bisRegistration: 'R-41001234' });
    const details = await screen.findByRole('region', { name: 'Product details' });
    expect(within(details).getByText('BIS registration (R-number)').nextSibling?.textContent).toBe('R-41001234');
  });

  it('says taxes are included even without an MRP, and claims no origin it was not given', async () => {
    showProduct(stand);
    await expectVisibleText('Inclusive of all taxes');
    expect(screen.queryByText(/M\.R\.P\./)).toBeNull();
    expect(screen.queryByText('Country of origin')).toBeNull();
    expect(screen.queryByText('BIS registration (R-number)')).toBeNull();
  });
});

describe('the product page', () => {
  it('shows the SKU, the saving against the regular price when there is no M.R.P., and how many are left', async () => {
    showProduct(stand);
    await expectVisibleText('SKU: NK-LAP-001');
    expect(screen.queryByText(/Product ID/)).toBeNull();
    expect(screen.getByText('₹2,999').tagName).toBe('S');
    expect(screen.getByText('Save ₹800 (26%)')).toBeVisible();
    expect(screen.getByText('Only 4 left')).toBeVisible();
  });

  it('stops the quantity at the stock, less what the cart holds, and adds the chosen colour’s picture', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ id: stand.id, name: stand.title, image: '/stand.svg', price: 2199, quantity: 1 }]),
    );
    showProduct(stand);
    const increase = await screen.findByRole('button', { name: 'Increase quantity' });
    await userEvent.click(increase);
    await userEvent.click(increase);
    expect(increase).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('3');

    await userEvent.click(screen.getByRole('button', { name: 'Space Grey' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await expectVisibleText('Landed on /cart');
    expect(stored()[1]).toMatchObject({ quantity: 3, selectedColor: 'Space Grey', image: '/stand-2.svg' });
  });

  it('refuses Add to Cart and shows no Sale when the product is out of stock', async () => {
    showProduct({ ...stand, stock: 0 });
    await expectVisibleText('Out of stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.queryByText('Sale')).toBeNull();
  });

  it('says where the wishlist is when a product is added to it', async () => {
    showProduct(stand);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
    await expectVisibleText('Added to wishlist');
    await userEvent.click(screen.getByRole('button', { name: 'View wishlist' }));
    await expectVisibleText('Landed on /wishlist');
    expect(JSON.parse(localStorage.getItem('wishlist') ?? '[]')).toEqual([stand.id]);
  });
});

describe('Notify me on an out-of-stock product', () => {
  const RECORDED = 'Thank you. We will email you once when this product is back in stock, then forget your address.';
  const show = (answer: () => [number, unknown], signedIn?: string) => {
    const calls = fakeApi({
      [`GET /products/${stand.id}`]: () => [200, { ...stand, stock: 0 }],
      [`POST /products/${stand.id}/notify`]: answer,
      ...(signedIn ? { 'GET /accountInfo': () => [200, { email: signedIn, firstName: 'Asha', lastName: 'Rao' }] } : {}),
    });
    renderPage(<ProductPage />, { path: `/product/${stand.id}`, route: '/product/:id' });
    return calls;
  };

  it('offers the form, says what will happen, sends the address and shows the answer', async () => {
    const calls = show(() => [201, { message: RECORDED }]);
    const form = await screen.findByRole('region', { name: 'Out of stock: get an email when it is back' });
    const field = within(form).getByLabelText('Email address');
    expect(field).toHaveAccessibleDescription(englishT('notify.notice'));
    await userEvent.type(field, 'asha.rao@example.in');
    await userEvent.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(RECORDED);
    expect(calls.filter((call) => call.route === `POST /products/${stand.id}/notify`).map((call) => call.body)).toEqual(
      [{ email: 'asha.rao@example.in', language: 'en' }],
    );
  });

  it("shows the server's refusal and keeps the address", async () => {
    show(() => [400, { error: 'Invalid email address', field: 'email' }]);
    const form = await screen.findByRole('region', { name: 'Out of stock: get an email when it is back' });
    const field = within(form).getByLabelText('Email address');
    await userEvent.type(field, 'asha@example');
    await userEvent.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(field).toHaveValue('asha@example');
  });

  it("fills in a signed-in shopper's own email", async () => {
    setAuthToken('token-1', false);
    try {
      show(() => [201, { message: RECORDED }], 'asha.rao@example.in');
      const form = await screen.findByRole('region', { name: 'Out of stock: get an email when it is back' });
      await vi.waitFor(() => expect(within(form).getByLabelText('Email address')).toHaveValue('asha.rao@example.in'));
    } finally {
      clearAuthToken();
    }
  });

  it('is not offered while the product is in stock', async () => {
    showProduct(stand);
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByRole('region', { name: 'Out of stock: get an email when it is back' })).toBeNull();
  });
});

describe('picking a variant', () => {
  const variant = (sku: string, options: Record<string, string>, price: number, stock: number, image?: string) => ({
    sku,
    options,
    price,
    regularPrice: price,
    discountedPrice: null,
    mrp: price + 500,
    stock,
    images: image ? [{ url: image, width: 800, height: 800 }] : [],
  });
  const caseWithVariants = {
    ...stand,
    title: 'Hard Travel Case',
    regularPrice: 1299,
    discountedPrice: null,
    stock: 12,
    attributes: [],
    options: [
      { name: 'Colour', values: ['Black', 'Olive'] },
      { name: 'Strap', values: ['Short', 'Long'] },
    ],
    variants: [
      variant('TC-BLK-S', { Colour: 'Black', Strap: 'Short' }, 1299, 9, '/case-black.svg'),
      variant('TC-BLK-L', { Colour: 'Black', Strap: 'Long' }, 1399, 0),
      variant('TC-OLV-S', { Colour: 'Olive', Strap: 'Short' }, 1499, 3, '/case-olive.svg'),
    ],
  };

  it('shows the chosen variant’s price, M.R.P., stock and picture, and disables combinations that do not exist', async () => {
    showProduct(caseWithVariants);
    await expectVisibleText('Variant SKU: TC-BLK-S');
    expect(screen.getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('₹1,299').length).toBeGreaterThan(0);
    expect(screen.getByText(/M\.R\.P\.:/).querySelector('s')?.textContent).toBe('₹1,799');
    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
    // Black with a long strap is sold out (it can be chosen, not bought); olive comes with a short strap only.
    expect(screen.getByRole('button', { name: 'Long' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Out of stock: get an email when it is back' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Olive' }));
    await expectVisibleText('Variant SKU: TC-OLV-S');
    expect(screen.getAllByText('₹1,499').length).toBeGreaterThan(0);
    expect(screen.getByText('Only 3 left')).toBeVisible();
    expect(document.querySelector('img[src*="case-olive"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Long' })).toBeDisabled();
  });

  it('offers Notify me for the chosen sold-out variant and sends its SKU', async () => {
    const RECORDED = 'Thank you. We will email you once when this product is back in stock, then forget your address.';
    const calls = fakeApi({
      [`GET /products/${stand.id}`]: () => [200, caseWithVariants],
      [`POST /products/${stand.id}/notify`]: () => [201, { message: RECORDED }],
    });
    renderPage(<ProductPage />, { path: `/product/${stand.id}`, route: '/product/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Long' }));
    await expectVisibleText('Variant SKU: TC-BLK-L');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    const form = screen.getByRole('region', { name: 'Out of stock: get an email when it is back' });
    await userEvent.type(within(form).getByLabelText('Email address'), 'asha.rao@example.in');
    await userEvent.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(RECORDED);
    expect(calls.filter((call) => call.route === `POST /products/${stand.id}/notify`).map((call) => call.body)).toEqual(
      [{ email: 'asha.rao@example.in', variantSku: 'TC-BLK-L', language: 'en' }],
    );

    await userEvent.click(screen.getByRole('button', { name: 'Short' }));
    await expectVisibleText('Variant SKU: TC-BLK-S');
    expect(screen.queryByRole('region', { name: 'Out of stock: get an email when it is back' })).toBeNull();
  });

  it('puts the variant’s SKU on the cart line, beside a line from before variants', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ id: 'old-line', name: 'Old cable', image: '/cable.svg', price: 299, quantity: 1 }]),
    );
    showProduct(caseWithVariants);
    await userEvent.click(await screen.findByRole('button', { name: 'Olive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await expectVisibleText('Landed on /cart');
    expect(stored()).toEqual([
      { id: 'old-line', name: 'Old cable', image: '/cable.svg', price: 299, quantity: 1 },
      expect.objectContaining({
        id: stand.id,
        price: 1499,
        quantity: 1,
        variantSku: 'TC-OLV-S',
        variantLabel: 'Colour: Olive · Strap: Short',
        selectedColor: 'Olive',
        image: '/case-olive.svg',
      }),
    ]);
  });
});
