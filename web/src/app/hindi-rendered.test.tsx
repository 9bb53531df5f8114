// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '@/entry-server';
import type { ApiTransport } from '@/lib/api-client';
import { API_HUB } from '@/test/products';

/** The server's API as the renderer reaches it, recording what it was asked. */
function fakeServerApi(asked: string[]): ApiTransport {
  return async (path) => {
    asked.push(path);
    const url = new URL(path, 'http://shop.test');
    const body =
      url.pathname === '/storeInfo'
        ? { storeName: 'NetKart', companyName: 'NetKart Technologies Pvt. Ltd.', categories: ['USB Hubs'] }
        : url.pathname === '/products'
          ? {
              data: [API_HUB],
              count: 1,
              pagination: { page: 1, limit: 12, total: 1 },
              facets: { types: [], prices: [], inStock: 1, origins: [], attributes: [], options: [] },
            }
          : { error: 'Not found.' };
    return new Response(JSON.stringify(body), { status: body && 'error' in body ? 404 : 200 });
  };
}

describe('a Hindi listing rendered on the server', () => {
  it('is in Hindi, lang "hi", names both languages, links inside stay Hindi, and asks the catalogue in Hindi', async () => {
    const asked: string[] = [];
    const page = await render(new Request('http://shop.test/hi/products?sort=price_asc'), fakeServerApi(asked));
    if (!('html' in page)) throw new Error('The page redirected.');
    expect(page.status).toBe(200);
    expect(page.lang).toBe('hi');
    expect(page.html).toContain('सभी प्रोडक्ट');
    expect(page.html).toContain('क्रम से दिखाएँ');
    expect(page.html).toContain('4-Port USB 3.0 Hub');
    expect(page.head).toContain('<title>सभी प्रोडक्ट | NetKart</title>');
    expect(page.head).toContain('<link rel="canonical" href="http://shop.test/hi/products?sort=price_asc" />');
    expect(page.head).toContain(
      '<link rel="alternate" hreflang="en-IN" href="http://shop.test/products?sort=price_asc" />',
    );
    expect(page.head).toContain(
      '<link rel="alternate" hreflang="hi-IN" href="http://shop.test/hi/products?sort=price_asc" />',
    );
    expect(page.head).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://shop.test/products?sort=price_asc" />',
    );
    // Links inside the Hindi shop keep its prefix; the switch leads to the same page in English.
    expect(page.html).toContain('href="/hi/wishlist"');
    expect(page.html).toMatch(/<a href="\/products\?sort=price_asc" hrefLang="en" lang="en"[^>]*>English<\/a>/);
    expect(asked.find((path) => path.startsWith('/products?'))).toMatch(/[?&]lang=hi(&|$)/);
    expect(asked).toContain('/storeInfo');
  });

  it('an English page stays English and asks the catalogue without a language', async () => {
    const asked: string[] = [];
    const page = await render(new Request('http://shop.test/products'), fakeServerApi(asked));
    if (!('html' in page)) throw new Error('The page redirected.');
    expect(page.lang).toBe('en');
    expect(page.html).toContain('All Products');
    expect(page.head).toContain('<link rel="alternate" hreflang="hi-IN" href="http://shop.test/hi/products" />');
    expect(asked.some((path) => path.includes('lang='))).toBe(false);
  });
});
