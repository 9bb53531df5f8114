import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

export async function signIn(page: Page, shopper: Shopper): Promise<void> {
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page.getByText('Logged in successfully.')).toBeVisible();
}

export interface ListedProduct {
  id: string;
  title: string;
  attributes: { key: string; value: string[] }[];
  stock: number;
}

/** A product in stock that needs no size choice, from the first category (LAN Adapters). */
export async function simpleProduct(request: APIRequestContext): Promise<ListedProduct> {
  const response = await request.get('/api/v1/products?category=lan%20adapters&limit=100');
  const { data } = (await response.json()) as { data: ListedProduct[] };
  const product = data.find(
    (item) => item.stock > 5 && !item.attributes.some((attribute) => /^sizes?$/i.test(attribute.key)),
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
