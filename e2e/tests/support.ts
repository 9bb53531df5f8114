import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Waits until the browser has taken over a page the server rendered (the app marks
 * `<html data-interactive>`): before that, its buttons and forms are plain HTML. Pages the server
 * did not render (the back office, the payment gateway) are interactive as soon as they load.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('app-state') || document.documentElement.dataset.interactive === 'true',
  );
}

/** Every page of the context waits, after goto and reload, until it is interactive. */
export function waitForInteractivePages(context: BrowserContext): BrowserContext {
  const patch = (page: Page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilInteractive(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilInteractive(page);
      return response;
    };
  };
  context.pages().forEach(patch);
  context.on('page', patch);
  return context;
}

/** Playwright's test, with every page waiting until it is interactive after goto and reload. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(waitForInteractivePages(context));
  },
});

export interface Shopper {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newShopper(): Shopper {
  return {
    email: `shopper.${randomBytes(4).toString('hex')}@example.in`,
    password: 'chai-and-code',
    firstName: 'Asha',
    lastName: 'Rao',
  };
}

/** Registers through the API: for journeys whose subject is not registration itself. */
export async function registerByApi(request: APIRequestContext, shopper: Shopper): Promise<void> {
  const response = await request.post('/api/v1/users/register', { data: shopper });
  expect(response.status()).toBe(201);
}

/**
 * Signs the shopper in through the API and gives the browser the token, as the sign-in form would
 * (a session cookie): for journeys whose subject is not signing in. The page is left where it was.
 */
export async function signInByApi(page: Page, shopper: Shopper): Promise<void> {
  const response = await page.request.post('/api/v1/users/authorize', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const url = base.info().project.use.baseURL ?? '';
  await page.context().addCookies([{ name: 'auth_token', value: encodeURIComponent(token), url, sameSite: 'Lax' }]);
}

export async function signIn(page: Page, shopper: Shopper): Promise<void> {
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page.getByText('Logged in successfully.')).toBeVisible();
}

export interface ListedProduct {
  id: string;
  sku: string;
  title: string;
  attributes: { key: string; value: string[] }[];
  stock: number;
  regularPrice: number;
  discountedPrice: number | null;
}

const optionValues = (product: ListedProduct, key: RegExp) =>
  product.attributes.find((attribute) => key.test(attribute.key))?.value ?? [];

/** A product in stock with at least two sizes and two colours to choose from (the laptop sleeve). */
export async function productWithOptions(
  request: APIRequestContext,
): Promise<ListedProduct & { sizes: string[]; colors: string[] }> {
  const response = await request.get('/api/v1/products?category=laptop%20accessories&limit=100');
  const { data } = (await response.json()) as { data: ListedProduct[] };
  const withOptions = data.map((product) => ({
    ...product,
    sizes: optionValues(product, /^sizes?$/i),
    colors: optionValues(product, /^colou?rs?$/i),
  }));
  const product = withOptions.find((item) => item.stock > 5 && item.sizes.length > 1 && item.colors.length > 1);
  if (!product) throw new Error('the demo catalogue has no product with sizes and colours in stock');
  return product;
}

/** A product in stock that needs no size or colour choice (it has no variants), from the first category (LAN Adapters). */
export async function simpleProduct(request: APIRequestContext): Promise<ListedProduct> {
  const response = await request.get('/api/v1/products?category=lan%20adapters&limit=100');
  const { data } = (await response.json()) as { data: ListedProduct[] };
  const product = data.find(
    (item) => item.stock > 5 && !item.attributes.some((attribute) => /^(sizes?|colou?rs?)$/i.test(attribute.key)),
  );
  if (!product) throw new Error('the demo catalogue has no simple LAN adapter in stock');
  return product;
}

export const shippingAddress = {
  fullName: 'Asha Rao',
  address: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '9845012345',
};

/** Fills the checkout's shipping form with the address above. */
export async function fillShipping(page: Page): Promise<void> {
  // PIN first: the state follows from it (and the city, which is then typed over).
  await page.getByLabel('PIN code', { exact: true }).fill(shippingAddress.postalCode);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue(shippingAddress.state);
  await page.getByLabel('Full name', { exact: true }).fill(shippingAddress.fullName);
  await page.getByLabel('Address', { exact: true }).fill(shippingAddress.address);
  await page.getByLabel('City', { exact: true }).fill(shippingAddress.city);
  await page.getByLabel('Phone', { exact: true }).fill(shippingAddress.phone);
}

/** A signed-in shopper with one product in the cart, placing the order: ends on /payment. */
export async function orderOneProduct(
  page: Page,
  request: APIRequestContext,
  options: {
    checkEachPage?: () => Promise<void>;
    /** Runs on the checkout page once the shipping address is filled, before the order is placed. */
    atCheckout?: () => Promise<void>;
  } = {},
): Promise<string> {
  const check = options.checkEachPage ?? (async () => {});
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  await page.goto('/login');
  await signIn(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  if (options.checkEachPage) {
    await page.goto('/cart');
    await check();
  }
  await page.goto('/checkout');
  await check();
  await fillShipping(page);
  await options.atCheckout?.();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

  // The sandbox asks for the payer's name, email and mobile: filled in from the account and the address.
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  const mobile = page.getByLabel(/Mobile number/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(product.title);
  await expect(page.getByLabel(/Name of the payer/)).toHaveValue(`${shopper.firstName} ${shopper.lastName}`);
  await expect(page.getByLabel(/Email for the receipt/)).toHaveValue(shopper.email);
  await expect(mobile).toHaveValue('+919845012345');
  await check();
  // A number pasted after the field's +91 keeps its own ten digits.
  await mobile.fill('');
  await expect(mobile).toHaveValue('+91');
  await expect(payNow).toBeDisabled();
  await pasteInto(page, mobile, '+91 98450 12345');
  await expect(mobile).toHaveValue('+919845012345');
  await payNow.click();

  // The gateway's own checkout page (the sandbox's, or the one that opens Razorpay Checkout).
  await expect(page.getByText(`Order ${orderId}`)).toBeVisible();
  await expect(page.getByText(/₹/).first()).toBeVisible();
  return orderId;
}

/**
 * Pastes text at the end of a field: the whole text in one input event at the caret, as a paste
 * makes it (the clipboard API itself needs a secure origin, which the own-domain journey is not).
 */
export async function pasteInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.press('End');
  await page.keyboard.insertText(text);
}
