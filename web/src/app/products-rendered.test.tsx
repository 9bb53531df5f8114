// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '@/entry-server';
import type { ApiTransport } from '@/lib/api-client';
import { API_HUB } from '@/test/products';

const hub = API_HUB;

const facets = {
  types: [{ value: 'Powered Hubs', count: 1 }],
  prices: [{ min: 1000, max: 2500, count: 1 }],
  inStock: 1,
  origins: [],
  attributes: [{ key: 'Speed', unit: 'Gbps', values: [{ value: '10', count: 1 }] }],
  options: [],
};

/** The server's API as the renderer reaches it: a path under /api/v1 and a JSON answer. */
function fakeServerApi(asked: string[]): ApiTransport {
  return async (path) => {
    asked.push(path);
    const url = new URL(path, 'http://shop.test');
    const body =
      url.pathname === '/storeInfo'
        ? { storeName: 'NetKart', companyName: 'NetKart Technologies Pvt. Ltd.', categories: ['USB Hubs'] }
        : url.pathname === '/products'
          ? {
              data: [hub],
              count: 1,
              pagination: { page: 1, limit: 12, total: 1 },
              facets,
              search: { query: url.searchParams.get('q'), correctedQuery: 'hub' },
            }
          : { error: 'Not found.' };
    return new Response(JSON.stringify(body), { status: body && 'error' in body ? 404 : 200 });
  };
}

describe('a search page rendered on the server', () => {
  it('arrives with its heading, the corrected spelling, the results and the filters', async () => {
    const asked: string[] = [];
    const page = await render(
      new Request('http://shop.test/products?q=hbu&sort=price_asc&attr.Speed=10'),
      fakeServerApi(asked),
    );
    if (!('html' in page)) throw new Error('The page redirected.');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Results for “hbu”');
    expect(page.html).toContain('Showing results for “hub”.');
    expect(page.html).toContain('4-Port USB 3.0 Hub');
    expect(page.html).toContain('10 Gbps');
    expect(page.head).toContain('<title>Results for “hbu” | NetKart</title>');
    const listing = asked.find((path) => path.startsWith('/products?'));
    expect(new URL(listing ?? '', 'http://shop.test').searchParams.toString()).toBe(
      'page=1&limit=12&q=hbu&sort=price_asc&attr.Speed=10',
    );
    // The browser takes the results over without asking again.
    expect(page.state).toContain('4-Port USB 3.0 Hub');
  });
});
