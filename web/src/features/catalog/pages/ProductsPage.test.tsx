import type { ProductFacets } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_HUB } from '@/test/products';
import { type ApiCall, fakeApi, renderPage } from '@/test/render-page';
import { aStoreInfo } from '@/test/store-info';
import ProductsPage from './ProductsPage';

afterEach(() => vi.unstubAllGlobals());

const hub = API_HUB;

const facets: ProductFacets = {
  types: [
    { value: 'Powered Hubs', count: 3 },
    { value: 'Bus-powered Hubs', count: 2 },
  ],
  prices: [
    { min: 0, max: 500, count: 1 },
    { min: 500, max: 1000, count: 2 },
    { min: 1000, max: 2500, count: 2 },
    { min: 2500, max: 5000, count: 0 },
    { min: 5000, max: 10000, count: 0 },
    { min: 10000, max: null, count: 1 },
  ],
  inStock: 4,
  origins: [
    { value: 'China', count: 4 },
    { value: 'India', count: 2 },
  ],
  attributes: [
    {
      key: 'Speed',
      unit: 'Gbps',
      values: [
        { value: '2.5', count: 3 },
        { value: '10', count: 2 },
      ],
    },
  ],
  options: [
    {
      name: 'Colour',
      values: [
        { value: 'Black', count: 5 },
        { value: 'Olive', count: 2 },
      ],
    },
  ],
};

const listing = (products: object[], extra: object = {}) => ({
  data: products,
  count: products.length,
  pagination: { page: 1, limit: 12, total: products.length },
  facets,
  ...extra,
});

/** Shows the address the page is at, so a test can see what a choice wrote into it. */
function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{decodeURIComponent(search.replaceAll('+', ' '))}</output>;
}

const showListing = (path: string, answer: (url: URL) => object) => {
  const calls = fakeApi({
    'GET /storeInfo': () => [200, aStoreInfo()],
    'GET /products': (_body, url) => [200, answer(url)],
  });
  renderPage(
    <>
      <ProductsPage />
      <Address />
    </>,
    { path, route: '/products' },
  );
  return calls;
};

/** The listing has arrived: its first product is shown. */
const shown = () => screen.findByRole('heading', { level: 3, name: hub.title });
// Read directly: an open sheet hides the rest of the page from screen readers, and so from getByRole.
const address = () => document.querySelector('output[aria-label="Address"]')?.textContent;
const productRequests = (calls: ApiCall[]) => calls.filter((call) => call.route === 'GET /products');
const lastRequest = (calls: ApiCall[]) => productRequests(calls).at(-1)?.url.searchParams;

describe('searching the products', () => {
  it('heads the results with the words searched for, and asks the API for them', async () => {
    const calls = showListing('/products?q=hub', () =>
      listing([hub], { search: { query: 'hub', correctedQuery: null } }),
    );
    await shown();
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “hub”' })).toBeVisible();
    expect(screen.queryByText(/Showing results for/)).toBeNull();
    expect(lastRequest(calls)?.get('q')).toBe('hub');
    expect(document.title).toContain('Results for “hub”');
  });

  it('says which spelling it searched for when the words were mistyped', async () => {
    showListing('/products?q=hbu', () => listing([hub], { search: { query: 'hbu', correctedQuery: 'hub' } }));
    await shown();
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “hbu”' })).toBeVisible();
    expect(screen.getByText('Showing results for “hub”.')).toBeVisible();
  });

  it('says which words it searched for, and the price and order the words asked for', async () => {
    showListing('/products?q=sasta+charger+under+1000', () =>
      listing([hub], {
        search: {
          query: 'sasta charger under 1000',
          correctedQuery: null,
          searchedFor: 'charger',
          priceFromWords: { min: null, max: 1000 },
          sortFromWords: 'price_asc',
        },
      }),
    );
    await shown();
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “sasta charger under 1000”' })).toBeVisible();
    expect(screen.getByText('Showing results for “charger” up to ₹1,000, lowest price first.')).toBeVisible();
  });

  it("says nothing was found, offers the store's categories and a way to clear the search", async () => {
    showListing('/products?q=zebra&category=usb%20hubs', () =>
      listing([], { search: { query: 'zebra', correctedQuery: null } }),
    );
    expect(await screen.findByText('No products found for “zebra”.')).toBeVisible();
    expect(screen.queryByText('No products found with the selected filters.')).toBeNull();
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'LAN Adapters' })).toHaveAttribute(
      'href',
      '/products?category=lan+adapters',
    );
    expect(within(categories).getAllByRole('link')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Clear search' })).toHaveAttribute('href', '/products?category=usb+hubs');
    // The listing's heading and controls are hidden when nothing is found (spec).
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it("keeps the spec's empty text, and its Clear Filters, for a listing without search words", async () => {
    const calls = showListing('/products?category=usb%20hubs&parentCategory=Powered%20Hubs', () => listing([]));
    expect(await screen.findByText('No products found with the selected filters.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(address()).toBe('?category=usb hubs'));
    await waitFor(() => expect(lastRequest(calls)?.has('parentCategory')).toBe(false));
  });
});

describe('sorting the products', () => {
  it('offers relevance only for a search, and writes the chosen order into the address on page 1', async () => {
    const calls = showListing('/products?q=hub&page=2', () => listing([hub]));
    await shown();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Relevance',
      'Price: low to high',
      'Price: high to low',
      'Newest',
      'Biggest discount',
      'Country of origin',
    ]);
    expect(sort).toHaveValue('relevance');

    await userEvent.selectOptions(sort, 'Price: low to high');
    await waitFor(() => expect(address()).toBe('?q=hub&sort=price_asc'));
    await waitFor(() => expect(lastRequest(calls)?.get('sort')).toBe('price_asc'));
    expect(lastRequest(calls)?.get('page')).toBe('1');

    // Back to relevance: the search's own order, so no sort in the address.
    await userEvent.selectOptions(sort, 'Relevance');
    await waitFor(() => expect(address()).toBe('?q=hub'));
  });

  it('starts a plain listing in the store’s own order, without relevance', async () => {
    showListing('/products?category=usb%20hubs', () => listing([hub]));
    await shown();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).queryByRole('option', { name: 'Relevance' })).toBeNull();
    expect(within(sort).getByRole('option', { name: 'Recommended' })).toHaveProperty('selected', true);
    await userEvent.selectOptions(sort, 'Newest');
    await waitFor(() => expect(address()).toBe('?category=usb hubs&sort=newest'));
  });
});

describe('filtering the products', () => {
  it('shows each filter with its counts, the units of a specification and the price bands in rupees', async () => {
    showListing('/products?q=hub', () => listing([hub]));
    await shown();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const type = within(filters).getByRole('group', { name: 'Type' });
    expect(within(type).getByRole('radio', { name: 'All Types' })).toBeChecked();
    expect(within(type).getByRole('radio', { name: 'Powered Hubs (3)' })).not.toBeChecked();
    const speed = within(filters).getByRole('group', { name: 'Speed' });
    expect(
      within(speed)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['2.5 Gbps (3)', '10 Gbps (2)']);
    const price = within(filters).getByRole('group', { name: 'Price' });
    // Bands without products are left out.
    expect(
      within(price)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Any price', 'Under ₹500 (1)', '₹500 – ₹999 (2)', '₹1,000 – ₹2,499 (2)', '₹10,000 and above (1)']);
    expect(within(filters).getByRole('checkbox', { name: 'In stock only (4)' })).not.toBeChecked();
    expect(within(filters).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('does not offer In stock only when nothing listed is in stock', async () => {
    showListing('/products?q=hub', () => ({ ...listing([hub]), facets: { ...facets, inStock: 0 } }));
    await shown();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: 'In stock only (0)' })).toBeDisabled();
  });

  it('writes a chosen specification into the address and the request, on page 1, and takes it away again', async () => {
    const calls = showListing('/products?q=hub&page=3', () => listing([hub]));
    await shown();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('checkbox', { name: '2.5 Gbps (3)' }));
    await waitFor(() => expect(address()).toBe('?q=hub&attr.Speed=2.5'));
    await waitFor(() => expect(lastRequest(calls)?.getAll('attr.Speed')).toEqual(['2.5']));
    expect(lastRequest(calls)?.get('page')).toBe('1');
    expect(within(filters).getByRole('checkbox', { name: '2.5 Gbps (3)' })).toBeChecked();

    await userEvent.click(within(filters).getByRole('checkbox', { name: '10 Gbps (2)' }));
    await waitFor(() => expect(lastRequest(calls)?.getAll('attr.Speed')).toEqual(['10', '2.5']));
    expect(address()).toBe('?q=hub&attr.Speed=2.5&attr.Speed=10');

    await userEvent.click(within(filters).getByRole('checkbox', { name: '2.5 Gbps (3)' }));
    await waitFor(() => expect(address()).toBe('?q=hub&attr.Speed=10'));
  });

  it('filters by a price band, a type and stock, and clears them all at once', async () => {
    const calls = showListing('/products?q=hub&sort=newest', () => listing([hub]));
    await shown();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('radio', { name: '₹500 – ₹999 (2)' }));
    await waitFor(() => expect(address()).toBe('?q=hub&sort=newest&minPrice=500&maxPrice=999.99'));
    await waitFor(() => expect(lastRequest(calls)?.get('maxPrice')).toBe('999.99'));
    expect(within(filters).getByRole('radio', { name: '₹500 – ₹999 (2)' })).toBeChecked();

    await userEvent.click(within(filters).getByRole('radio', { name: 'Powered Hubs (3)' }));
    await userEvent.click(within(filters).getByRole('checkbox', { name: 'In stock only (4)' }));
    await waitFor(() =>
      expect(address()).toBe(
        '?q=hub&sort=newest&minPrice=500&maxPrice=999.99&parentCategory=Powered Hubs&inStock=true',
      ),
    );
    await waitFor(() => expect(lastRequest(calls)?.get('inStock')).toBe('true'));
    expect(lastRequest(calls)?.get('parentCategory')).toBe('Powered Hubs');

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address()).toBe('?q=hub&sort=newest'));
  });

  it('filters by country of origin with its counts, as a chip too, and sorts by it', async () => {
    const calls = showListing('/products?category=hubs', () => listing([hub]));
    await shown();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const origins = within(filters).getByRole('group', { name: 'Country of origin' });
    expect(within(origins).getAllByRole('radio')).toHaveLength(3);
    expect(within(origins).getByRole('radio', { name: 'Any country' })).toBeChecked();
    expect(within(origins).getByRole('radio', { name: 'China (4)' })).not.toBeChecked();
    await userEvent.click(within(origins).getByRole('radio', { name: 'India (2)' }));
    await waitFor(() => expect(address()).toBe('?category=hubs&countryOfOrigin=India'));
    await waitFor(() => expect(lastRequest(calls)?.get('countryOfOrigin')).toBe('India'));
    expect(within(origins).getByRole('radio', { name: 'India (2)' })).toBeChecked();
    const active = screen.getByRole('region', { name: 'Active filters' });
    expect(within(active).getByRole('button', { name: 'Remove filter: Made in India' })).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Country of origin');
    await waitFor(() => expect(lastRequest(calls)?.get('sort')).toBe('origin'));

    await userEvent.click(within(origins).getByRole('radio', { name: 'Any country' }));
    await waitFor(() => expect(address()).toBe('?category=hubs&sort=origin'));
  });

  it('filters by a variant option with its counts, as a chip that removes itself, and Clear all', async () => {
    const calls = showListing('/products?category=cases', () => listing([hub]));
    await shown();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const colours = within(filters).getByRole('group', { name: 'Colour' });
    expect(within(colours).getByRole('checkbox', { name: 'Black (5)' })).not.toBeChecked();
    await userEvent.click(within(colours).getByRole('checkbox', { name: 'Olive (2)' }));
    await waitFor(() => expect(address()).toBe('?category=cases&option.Colour=Olive'));
    await waitFor(() => expect(lastRequest(calls)?.getAll('option.Colour')).toEqual(['Olive']));
    expect(within(colours).getByRole('checkbox', { name: 'Olive (2)' })).toBeChecked();
    await userEvent.click(within(colours).getByRole('checkbox', { name: 'Black (5)' }));
    await waitFor(() => expect(lastRequest(calls)?.getAll('option.Colour')).toEqual(['Black', 'Olive']));

    const active = screen.getByRole('region', { name: 'Active filters' });
    await userEvent.click(within(active).getByRole('button', { name: 'Remove filter: Colour: Olive' }));
    await waitFor(() => expect(address()).toBe('?category=cases&option.Colour=Black'));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Active filters' })).getByRole('button', { name: 'Clear all' }),
    );
    await waitFor(() => expect(address()).toBe('?category=cases'));
  });

  it('shows the active filters as chips with the result count: each removes itself, Clear all removes them all', async () => {
    showListing(
      '/products?q=hub&sort=newest&parentCategory=Powered Hubs&attr.Speed=10&minPrice=500&maxPrice=999.99&inStock=true',
      () => listing([hub], { pagination: { page: 1, limit: 12, total: 7 } }),
    );
    await shown();
    const active = screen.getByRole('region', { name: 'Active filters' });
    expect(within(active).getByText('7 results')).toBeVisible();
    expect(
      within(active)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual([
      'Remove filter: Powered Hubs',
      'Remove filter: Speed: 10',
      'Remove filter: ₹500 – ₹999',
      'Remove filter: In stock only',
      'Clear all',
    ]);
    await userEvent.click(within(active).getByRole('button', { name: 'Remove filter: Speed: 10' }));
    await waitFor(() =>
      expect(address()).toBe(
        '?q=hub&sort=newest&parentCategory=Powered Hubs&minPrice=500&maxPrice=999.99&inStock=true',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(address()).toBe('?q=hub&sort=newest'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Active filters' })).toBeNull());
  });

  it('opens the filters in a sheet on a phone, and shows how many products they leave', async () => {
    showListing('/products?q=hub', () => listing([hub]));
    await shown();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // The sheet's code comes with its first opening.
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(sheet).getByRole('checkbox', { name: '10 Gbps (2)' }));
    await waitFor(() => expect(address()).toBe('?q=hub&attr.Speed=10'));
    expect(within(sheet).getByRole('checkbox', { name: '10 Gbps (2)' })).toBeChecked();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 1 product' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });
});
