import { OrderStatus, type Product, ProductListResponse, SuggestResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/app.js';
import { openDatabase } from '../src/db/open.js';
import type { ProductInput } from '../src/modules/catalog/product-row.js';
import { toStoreInfo } from '../src/modules/stores/service.js';
import { client, startShop, storeOfItsOwn, type TestShop, validAddress } from './harness.js';
import { until } from './processes.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let storeId: string;

/** A catalogue with known products, and decoys that share some of their words. */
const product = (sku: string, title: string, more: Partial<ProductInput> = {}): ProductInput => ({
  sku,
  title,
  description: '',
  category: 'Networking',
  parentCategory: null,
  gender: null,
  regularPrice: 1000,
  discountedPrice: null,
  stock: 10,
  hidden: false,
  images: [],
  attributes: [],
  ...more,
});
const spec = (key: string, value: string, metricUnit: string | null = null) => ({ key, value: [value], metricUnit });
const catalogue: ProductInput[] = [
  product('SR-ETH-25', 'USB-C to 2.5G Ethernet Adapter', {
    category: 'LAN Adapters',
    parentCategory: 'USB-C Adapters',
    regularPrice: 2499,
    discountedPrice: 1899,
    attributes: [spec('Speed', '2.5', 'Gbps'), spec('Brand', 'Veloxa')],
  }),
  product('SR-ETH-1', 'USB 3.0 Gigabit LAN Adapter', {
    category: 'LAN Adapters',
    parentCategory: 'USB-A Adapters',
    regularPrice: 1299,
    discountedPrice: 849,
    attributes: [spec('Speed', '1', 'Gbps'), spec('Brand', 'NetKart')],
  }),
  product('SR-ETH-10', 'Thunderbolt 10GbE Network Adapter', {
    category: 'LAN Adapters',
    parentCategory: 'Thunderbolt Adapters',
    regularPrice: 18999,
    stock: 0,
    attributes: [spec('Speed', '10', 'Gbps'), spec('Brand', 'Veloxa')],
  }),
  product('SR-DOCK-1', 'Dual 4K USB-C Docking Station', {
    category: 'Docks',
    regularPrice: 12999,
    discountedPrice: 9999,
    description: 'Two HDMI screens and Gigabit Ethernet from one cable.',
    attributes: [spec('Ports', '11')],
  }),
  product('SR-HUB-4K', '7-in-1 Type-C Hub with 4K HDMI', {
    category: 'Hubs',
    regularPrice: 2999,
    attributes: [spec('Ports', '7')],
  }),
  product('SR-HUB-A', '4-Port USB 3.0 Hub', {
    category: 'Hubs',
    regularPrice: 899,
    attributes: [spec('Ports', '4')],
  }),
  product('SR-PEN-128', '128 GB USB Flash Drive', { category: 'Storage', regularPrice: 1199, discountedPrice: 799 }),
  product('SR-SSD-1', '1 TB Portable SSD', { category: 'Storage', regularPrice: 7999 }),
  product('SR-CHG-65', '65 W GaN USB-C Charger', { category: 'Chargers', regularPrice: 3499, discountedPrice: 2799 }),
  product('SR-CHG-20', '20 W USB-C Charger', { category: 'Chargers', regularPrice: 999 }),
  product('SR-CBL-1', 'Braided USB-C Cable, 1 m', { category: 'Cables', regularPrice: 499 }),
  product('SR-HID-1', 'Hidden Ethernet Adapter', { category: 'LAN Adapters', hidden: true }),
];

beforeAll(async () => {
  shop = await startShop();
  ({ storeId, http } = await storeOfItsOwn(shop, 'search.example', 'Search Shop'));
  await shop.services.catalog.importMany(storeId, catalogue);
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const response = await http.get(`/products${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProductListResponse.parse(response.json());
};
const search = (words: string, more = '') => list(`?q=${encodeURIComponent(words)}${more}`);
const skusOf = (products: Product[]) => products.map((item) => item.sku);
const price = (item: Product) => item.discountedPrice ?? item.regularPrice;

describe('search: the right products for what shoppers type', () => {
  it.each([
    ['dokcing station', 'SR-DOCK-1', 'docking station'],
    ['thunderbolt ethernet', 'SR-ETH-10', null],
    ['65w gan charger', 'SR-CHG-65', null],
    ['usb c hub 4k hdmi', 'SR-HUB-4K', null],
    ['2.5g ethernet', 'SR-ETH-25', null],
    ['2.5 gbps lan', 'SR-ETH-25', null],
    ['pendrive', 'SR-PEN-128', null],
    ['pen drive 128gb', 'SR-PEN-128', null],
    ['sr-dock-1', 'SR-DOCK-1', null],
  ])('%s finds %s first', async (words, first, corrected) => {
    const found = await search(words);
    expect(found.data[0]?.sku).toBe(first);
    expect(found.search).toEqual({ query: words, correctedQuery: corrected });
  });

  it('puts mistyped words right and says which words it searched', async () => {
    const found = await search('etherent adaptor');
    expect(skusOf(found.data).slice(0, 3).sort()).toEqual(['SR-ETH-1', 'SR-ETH-10', 'SR-ETH-25']);
    expect(found.search).toEqual({ query: 'etherent adaptor', correctedQuery: 'ethernet adaptor' });
  });

  it('reads LAN as Ethernet, "type c" as USB-C, and a plural as its singular', async () => {
    expect(skusOf((await search('lan adapter')).data).sort()).toEqual(
      skusOf((await search('ethernet adapter')).data).sort(),
    );
    expect(skusOf((await search('ethernet adapter')).data).sort()).toEqual(['SR-ETH-1', 'SR-ETH-10', 'SR-ETH-25']);
    expect(skusOf((await search('type c hub')).data)).toEqual(['SR-HUB-4K']);
    expect(skusOf((await search('usb-c hub')).data)).toEqual(['SR-HUB-4K']);
    expect(skusOf((await search('chargers')).data).sort()).toEqual(['SR-CHG-20', 'SR-CHG-65']);
  });

  it('ranks a title match above a description match, and never shows a hidden product', async () => {
    const found = await search('gigabit ethernet');
    expect(found.data[0]?.sku).toBe('SR-ETH-1');
    expect(skusOf(found.data)).toContain('SR-DOCK-1');
    expect(skusOf((await search('hidden')).data)).toEqual([]);
  });

  it('combines search with category, type, price, stock and a specification', async () => {
    expect(skusOf((await search('adapter', '&category=lan%20adapters&inStock=true&sort=price_asc')).data)).toEqual([
      'SR-ETH-1',
      'SR-ETH-25',
    ]);
    expect(skusOf((await search('adapter', '&parentCategory=thunderbolt%20adapters')).data)).toEqual(['SR-ETH-10']);
    expect(skusOf((await search('adapter', '&attr.Speed=2.5')).data)).toEqual(['SR-ETH-25']);
    expect(skusOf((await search('usb', '&maxPrice=900&sort=price_asc')).data)).toEqual([
      'SR-CBL-1',
      'SR-PEN-128',
      'SR-ETH-1',
      'SR-HUB-A',
    ]);
  });

  it('says nothing was found rather than guessing when no product has the words', async () => {
    const found = await search('bluetooth speaker');
    expect(found.data).toEqual([]);
    expect(found.count).toBe(0);
  });
});

describe('sorting', () => {
  const pagesOf = async (query: string) => {
    const all: Product[] = [];
    for (let page = 1; page <= 4; page += 1) all.push(...(await list(`${query}&limit=3&page=${page}`)).data);
    return all;
  };

  it.each([
    ['price_asc', (a: Product, b: Product) => price(a) - price(b)],
    ['price_desc', (a: Product, b: Product) => price(b) - price(a)],
    ['newest', (a: Product, b: Product) => b.createdAt.localeCompare(a.createdAt)],
    [
      'discount',
      (a: Product, b: Product) =>
        (b.regularPrice - price(b)) / b.regularPrice - (a.regularPrice - price(a)) / a.regularPrice,
    ],
  ])('%s orders every page, ties by id, each product once', async (sort, compare) => {
    const paged = await pagesOf(`?sort=${sort}`);
    expect(paged).toHaveLength(11);
    const expected = [...paged].sort((a, b) => compare(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(skusOf(paged)).toEqual(skusOf(expected));
  });
});

describe('filters and their facets', () => {
  it('filters by the price paid, stock, and specifications (values OR, names AND)', async () => {
    const cheap = await list('?minPrice=800&maxPrice=1200&limit=100');
    expect(cheap.data.every((item) => price(item) >= 800 && price(item) <= 1200)).toBe(true);
    expect(skusOf(cheap.data).sort()).toEqual(['SR-CHG-20', 'SR-ETH-1', 'SR-HUB-A']);
    expect((await list('?inStock=true&limit=100')).count).toBe(10);
    expect(skusOf((await list('?attr.Speed=1&attr.Speed=10')).data).sort()).toEqual(['SR-ETH-1', 'SR-ETH-10']);
    expect(skusOf((await list('?attr.speed=10&attr.Brand=veloxa')).data)).toEqual(['SR-ETH-10']);
    expect((await list('?attr.Speed=40')).count).toBe(0);
    expect((await list('?attr.Colour=Red')).count).toBe(0);
  });

  it('counts what the listing holds, each facet without its own filter', async () => {
    const { facets, count } = await list('?category=lan%20adapters&attr.Speed=1');
    expect(count).toBe(1);
    const speed = facets.attributes.find((facet) => facet.key === 'Speed');
    expect(speed).toEqual({
      key: 'Speed',
      unit: 'Gbps',
      values: [
        { value: '1', count: 1 },
        { value: '2.5', count: 1 },
        { value: '10', count: 1 },
      ],
    });
    // Brand is counted among Speed 1 products only.
    expect(facets.attributes.find((facet) => facet.key === 'Brand')).toBeUndefined();
    expect(facets.types).toEqual([{ value: 'USB-A Adapters', count: 1 }]);
    expect(facets.inStock).toBe(1);

    const all = await list('?category=lan%20adapters');
    expect(all.facets.types).toEqual([
      { value: 'Thunderbolt Adapters', count: 1 },
      { value: 'USB-A Adapters', count: 1 },
      { value: 'USB-C Adapters', count: 1 },
    ]);
    expect(all.facets.attributes.find((facet) => facet.key === 'Brand')?.values).toEqual([
      { value: 'Veloxa', count: 2 },
      { value: 'NetKart', count: 1 },
    ]);
    expect(all.facets.inStock).toBe(2);
    expect(all.facets.prices.map((band) => band.count)).toEqual([0, 1, 1, 0, 0, 1]);
    expect(all.facets.prices[5]).toEqual({ min: 10000, max: null, count: 1 });
  });
});

describe('the index follows the catalogue in the same transaction', () => {
  it('finds a new product at once, by its new title after an edit, and no more once deleted', async () => {
    await shop.services.catalog.importMany(storeId, [
      product('SR-NEW-1', 'Quokka Cable Organiser', { category: 'Desk' }),
    ]);
    expect(skusOf((await search('quokka')).data)).toEqual(['SR-NEW-1']);
    await shop.services.catalog.importMany(storeId, [
      product('SR-NEW-1', 'Wombat Cable Organiser', { category: 'Desk' }),
    ]);
    expect(skusOf((await search('quokka')).data)).toEqual([]);
    expect(skusOf((await search('wombat')).data)).toEqual(['SR-NEW-1']);
    expect((await search('wombta')).search?.correctedQuery).toBe('wombat');
    await shop.services.catalog.deleteBySkus(storeId, ['SR-NEW-1'], { hideOrdered: false });
    expect(skusOf((await search('wombat')).data)).toEqual([]);
    expect((await list('?attr.Speed=2.5')).count).toBe(1);
  });
});

describe('counts kept while the catalogue stands still', () => {
  const inStockLan = () => list('?category=lan%20adapters&inStock=true');
  const skus = async () => skusOf((await inStockLan()).data).sort();

  it('lists an order that takes the last one, and a cancel that brings it back, at once', async () => {
    await shop.services.catalog.updateBySku(storeId, 'SR-ETH-1', { stock: 1 });
    const before = await inStockLan();
    expect(skusOf(before.data)).toContain('SR-ETH-1');
    expect(await inStockLan()).toEqual(before);

    const shopper = { email: 'buyer@example.in', password: 'correct horse' };
    await http.post('/users/register', { ...shopper, firstName: 'Asha', lastName: 'Rao' });
    const token = ((await http.post('/users/authorize', shopper)).json() as { token: string }).token;
    const buyer = client(shop.app, { host: 'api.search.example', token });
    const productId = before.data.find((item) => item.sku === 'SR-ETH-1')?.id as string;
    const placed = await buyer.post('/orders', { products: { [productId]: 1 }, shippingAddress: validAddress });
    expect(placed.statusCode, placed.body).toBe(201);
    const after = await inStockLan();
    expect(skusOf(after.data)).not.toContain('SR-ETH-1');
    expect(after.count).toBe(before.count - 1);
    expect((await list('?category=lan%20adapters')).facets.inStock).toBe(before.count - 1);

    await shop.services.orders.move(storeId, (placed.json() as { id: string }).id, OrderStatus.Cancelled, {
      cancelReason: 'Changed my mind',
    });
    expect(await skus()).toEqual(skusOf(before.data).sort());
  });

  it('sees a change made by another server process on the same database', async () => {
    const { db } = openDatabase(shop.target);
    try {
      const otherProcess = createServices(db);
      await inStockLan();
      await otherProcess.catalog.importMany(storeId, [
        product('SR-ETH-NEW', 'USB-C 5G Ethernet Adapter', { category: 'LAN Adapters' }),
      ]);
      // Every process hears of another's commit within a second (at once on SQLite).
      const seen = async (listed: boolean) =>
        until(
          "the other process's change",
          async () => ((await skus()).includes('SR-ETH-NEW') === listed ? true : undefined),
          1000,
        );
      await seen(true);
      await otherProcess.catalog.updateBySku(storeId, 'SR-ETH-NEW', { hidden: true });
      await seen(false);
      await otherProcess.catalog.deleteBySkus(storeId, ['SR-ETH-NEW'], { hideOrdered: false });
    } finally {
      await db.destroy();
    }
  });

  it("searches with the merchant's new synonyms at once", async () => {
    expect((await search('zorbix')).count).toBe(0);
    const store = await shop.services.stores.byId(storeId);
    if (!store) throw new Error('no store');
    await shop.services.stores.updateInfo(storeId, { ...toStoreInfo(store), searchSynonyms: [['zorbix', 'charger']] });
    expect(skusOf((await search('zorbix')).data).sort()).toEqual(['SR-CHG-20', 'SR-CHG-65']);
  });
});

describe('suggestions as the shopper types', () => {
  it('offers categories and types first, then products, at most eight', async () => {
    const { suggestions } = SuggestResponse.parse((await http.get('/products/suggest?q=char')).json());
    expect(suggestions[0]).toEqual({ kind: 'category', label: 'Chargers', category: 'Chargers' });
    expect(
      suggestions
        .filter((item) => item.kind === 'product')
        .map((item) => item.label)
        .sort(),
    ).toEqual(['20 W USB-C Charger', '65 W GaN USB-C Charger']);
    const many = SuggestResponse.parse((await http.get('/products/suggest?q=usb')).json()).suggestions;
    expect(many.length).toBeGreaterThan(3);
    expect(many.length).toBeLessThanOrEqual(8);
    expect(SuggestResponse.parse((await http.get('/products/suggest?q=')).json()).suggestions).toEqual([]);
  });
});

describe('what bad input gets', () => {
  it.each([
    ['a lone quote', '"'],
    ['a star', '*'],
    ['NEAR', 'NEAR(usb hub)'],
    ['a minus', '-usb'],
    ['a column filter', 'title:hub'],
    ['unbalanced parentheses', '((hub'],
    ['a closing parenthesis', 'hub)'],
    ['SQL', "'; drop table products; --"],
    ['operators alone', 'usb AND OR NOT'],
    ['emoji', '🔌🔌'],
    ['200 letters', 'x'.repeat(200)],
  ])('%s is a search like any other', async (_what, words) => {
    const response = await http.get(`/products?q=${encodeURIComponent(words)}`);
    expect(response.statusCode).toBe(200);
    ProductListResponse.parse(response.json());
    const suggested = await http.get(`/products/suggest?q=${encodeURIComponent(words)}`);
    expect(suggested.statusCode).toBe(200);
    SuggestResponse.parse(suggested.json());
  });

  it.each([
    ['a 1,000-letter search', `q=${'x'.repeat(1000)}`, 'q must be at most 200 characters.'],
    [
      'an unknown sort',
      'sort=cheapest',
      'sort must be one of relevance, price_asc, price_desc, newest, discount, origin.',
    ],
    ['a negative price', 'minPrice=-1', 'minPrice cannot be negative.'],
    ['a price in words', 'maxPrice=abc', 'maxPrice must be a number of rupees.'],
    ['a minimum above the maximum', 'minPrice=5000&maxPrice=100', 'minPrice must not be more than maxPrice.'],
    ['stock as yes', 'inStock=yes', "inStock must be 'true' or 'false'."],
    [
      'a nameless specification',
      'attr.=1',
      'attr. must name a specification and its values, each at most 100 characters.',
    ],
  ])('%s is refused with a message', async (_what, query, message) => {
    const response = await http.get(`/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
  });

  it('answers a 10,000-letter address with 414 and a message, not a database error', async () => {
    const response = await http.get(`/products?q=${'x'.repeat(10_000)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });
});
