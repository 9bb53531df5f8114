import { type APIRequestContext, expect } from '@playwright/test';
import { simpleProduct, test } from './support';

/** Pages as a search engine or a link preview fetches them: no browser, no script. */
const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(rupees);

async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const structured = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
  const body = html.slice(html.indexOf('<div id="root">'));
  /** Whether the rendered page holds the text (a page's HTML is too long to print when it does not). */
  const shows = (text: string) => body.includes(text);
  return { status: response.status(), url: response.url(), html, shows, title, canonical, structured };
}

const ofType = (blocks: Record<string, unknown>[], type: string) => blocks.find((block) => block['@type'] === type);

test('pages fetched without a browser already hold their content, title, canonical address and structured data', async ({
  request,
  baseURL,
}) => {
  const storeInfo = (await (await request.get('/api/v1/storeInfo')).json()) as {
    storeName: string;
    heroTitle?: string;
  };
  const product = await simpleProduct(request);
  const price = product.discountedPrice ?? product.regularPrice;

  const home = await fetchPage(request, '/');
  expect(home.status).toBe(200);
  expect(home.title).toBe(storeInfo.storeName);
  if (storeInfo.heroTitle) expect(home.shows(storeInfo.heroTitle), storeInfo.heroTitle).toBe(true);
  expect(home.canonical).toBe(`${baseURL}/`);
  expect(ofType(home.structured, 'Organization')).toMatchObject({ name: storeInfo.storeName, url: `${baseURL}/` });

  const listing = await fetchPage(request, '/products?category=lan%20adapters');
  expect(listing.status).toBe(200);
  expect(listing.title).toBe(`LAN Adapters | ${storeInfo.storeName}`);
  const firstPage = (await (await request.get('/api/v1/products?category=lan%20adapters&page=1&limit=12')).json()) as {
    data: { title: string }[];
  };
  for (const { title } of firstPage.data) expect(listing.shows(title), title).toBe(true);
  expect(listing.canonical).toBe(`${baseURL}/products?category=lan+adapters`);

  const page = await fetchPage(request, `/product/${product.id}`);
  expect(page.status).toBe(200);
  expect(page.title).toBe(`${product.title} | ${storeInfo.storeName}`);
  expect(page.shows(product.title), product.title).toBe(true);
  expect(page.shows(inr(price)), inr(price)).toBe(true);
  // The spec's /product/{id} moved for good to the product's readable address, which the page names.
  expect(page.url).toMatch(new RegExp(`^${baseURL}/product/[a-z0-9-]+-[0-9a-z]{10}$`));
  expect(page.canonical).toBe(page.url);
  expect(page.html.includes('<meta property="og:image" content="http'), 'og:image').toBe(true);
  expect(ofType(page.structured, 'Product')).toMatchObject({
    name: product.title,
    sku: product.sku,
    offers: {
      '@type': 'Offer',
      price: price.toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url: page.url,
    },
  });
  const crumbs = ofType(page.structured, 'BreadcrumbList') as { itemListElement: { position: number; name: string }[] };
  expect(crumbs.itemListElement.at(0)).toMatchObject({ position: 1, name: 'Home' });
  expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: product.title });

  const refund = await fetchPage(request, '/refund');
  expect(refund.status).toBe(200);
  expect(refund.shows('Refund Policy'), 'Refund Policy').toBe(true);
  const contact = await fetchPage(request, '/contact');
  expect(contact.shows('Contact Us'), 'Contact Us').toBe(true);
  expect(contact.shows('Grievance Officer'), 'Grievance Officer').toBe(true);
});

test('an unknown product or address is a real 404 with the spec’s page', async ({ request }) => {
  const missing = await fetchPage(request, '/product/no-such-product');
  expect(missing.status).toBe(404);
  expect(missing.shows('Product not found'), 'Product not found').toBe(true);
  const unknown = await request.get('/no-such-page');
  expect(unknown.status()).toBe(404);
  expect(unknown.url()).toMatch(/\/404$/);
  expect((await unknown.text()).includes('Oops! Page not found')).toBe(true);
});

test('the browser takes a server-rendered page over without asking for its data again, and its buttons work', async ({
  page,
  request,
}) => {
  const product = await simpleProduct(request);
  const asked: string[] = [];
  const problems: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v1/')) asked.push(new URL(sent.url()).pathname);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeVisible();
  // The cart lives in the browser: a page the server renders again shows it once the browser takes over.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeVisible();
});
