// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { listingHeading, listingQuery, paginationWindow, showingText } from './listing';
import { attributesFrom, listingParamsOf, pageFrom, priceFrom, searchTextFrom } from './listing-address';
import {
  canonicalListingPath,
  filterChipsOf,
  hasFilters,
  isAttributeChosen,
  isPriceBandChosen,
  priceBandLabel,
  priceFilterLabel,
  searchPath,
  withAttributeToggled,
  withoutFilters,
  withParams,
  withPriceBand,
} from './listing-links';

const searchOf = (query: string) => new URLSearchParams(query);
const read = (query: string) => listingParamsOf(searchOf(query));

describe('paginationWindow', () => {
  it.each([
    [1, 1, []],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'end-ellipsis', 10]],
    [5, 10, [1, 'start-ellipsis', 3, 4, 5, 6, 7, 'end-ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'end-ellipsis', 10]],
    [10, 10, [1, 'start-ellipsis', 8, 9, 10]],
    [7, 10, [1, 'start-ellipsis', 5, 6, 7, 8, 9, 10]],
  ])('page %d of %d', (current, total, expected) => {
    expect(paginationWindow(current, total)).toEqual(expected);
  });
});

describe('listingQuery', () => {
  it.each([
    [{ page: 1 }, { page: 1, limit: 12 }],
    [
      { page: 2, category: 'LAN Adapters' },
      { page: 2, limit: 12, category: 'lan adapters' },
    ],
    [
      { page: 1, category: 'men' },
      { page: 1, limit: 12, category: 'men', gender: 'Men' },
    ],
    [
      { page: 1, category: 'women' },
      { page: 1, limit: 12, category: 'women', gender: 'Women' },
    ],
    [
      { page: 1, category: 'accessories' },
      { page: 1, limit: 12, category: 'accessories', filter: 'Accessories,Personal Care,Home,null,Unisex' },
    ],
    [
      { page: 1, category: ' ', parentCategory: 'Stands' },
      { page: 1, limit: 12, parentCategory: 'Stands' },
    ],
    [
      {
        page: 2,
        q: 'usb hub',
        sort: 'price_asc' as const,
        minPrice: 500,
        maxPrice: 999.99,
        inStock: true,
        attributes: { Speed: ['10', '2.5'], Ports: ['4'], Colour: [] },
      },
      {
        page: 2,
        limit: 12,
        q: 'usb hub',
        sort: 'price_asc',
        minPrice: 500,
        maxPrice: 999.99,
        inStock: 'true',
        'attr.Ports': ['4'],
        'attr.Speed': ['10', '2.5'],
      },
    ],
    [
      { page: 1, minPrice: 0, inStock: false },
      { page: 1, limit: 12, minPrice: 0 },
    ],
  ])('%j', (params, expected) => {
    expect(listingQuery(params)).toEqual(expected);
  });
});

describe('listingHeading', () => {
  it.each([
    [{ page: 1 }, 'All Products'],
    [{ page: 1, category: 'men' }, "Men's Collection"],
    [{ page: 1, category: 'women' }, "Women's Collection"],
    [{ page: 1, category: 'accessories' }, 'Accessories'],
    [{ page: 1, category: 'lan adapters' }, 'LAN Adapters'],
    [{ page: 1, category: 'laptop accessories' }, 'Laptop Accessories'],
    [{ page: 1, category: 'usb hubs' }, 'USB Hubs'],
    [{ page: 1, category: 'power banks' }, 'Power Banks'],
    [{ page: 1, category: 'usb hubs', parentCategory: 'Powered Hubs' }, 'Powered Hubs'],
    [{ page: 1, q: 'hub', category: 'usb hubs', parentCategory: 'Powered Hubs' }, 'Results for “hub”'],
  ])('%j → %s', (params, heading) => {
    expect(listingHeading(params, ['LAN Adapters', 'USB Hubs'])).toBe(heading);
  });
});

describe('showingText and pageFrom', () => {
  it('describes the slice shown', () => {
    expect(showingText(1, 44)).toBe('Showing 1 to 12 of 44 items');
    expect(showingText(4, 44)).toBe('Showing 37 to 44 of 44 items');
    expect(showingText(1, 0)).toBe('Showing 0 to 0 of 0 items');
  });
  it.each([
    ['3', 3],
    [null, 1],
    ['0', 1],
    ['-2', 1],
    ['abc', 1],
    ['1.5', 1],
  ])('reads page %s as %d', (value, page) => {
    expect(pageFrom(value)).toBe(page);
  });
});

describe('listingParamsOf', () => {
  it('reads the search, sort, price, stock and specification filters of the address', () => {
    expect(
      read(
        'q=+usb+hub+&sort=price_desc&minPrice=500&maxPrice=999.99&inStock=true&attr.Speed=2.5&attr.Speed=10&attr.Ports=4&page=3',
      ),
    ).toEqual({
      category: undefined,
      parentCategory: undefined,
      featured: false,
      q: 'usb hub',
      sort: 'price_desc',
      minPrice: 500,
      maxPrice: 999.99,
      inStock: true,
      attributes: { Speed: ['2.5', '10'], Ports: ['4'] },
      page: 3,
    });
  });

  it('reads a plain listing as before', () => {
    expect(read('category=lan%20adapters&parentCategory=Stands&featured=true')).toEqual({
      category: 'lan adapters',
      parentCategory: 'Stands',
      featured: true,
      q: undefined,
      sort: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      attributes: {},
      page: 1,
    });
  });

  it.each([
    ['sort=cheapest', undefined],
    ['sort=PRICE_ASC', undefined],
    ['sort=newest', 'newest'],
    ['sort=discount', 'discount'],
    // Relevance ranks search results: without words it means nothing.
    ['sort=relevance', undefined],
    ['sort=relevance&q=hub', 'relevance'],
  ])('reads %s as the sort %s', (query, sort) => {
    expect(read(query).sort).toBe(sort);
  });

  it('leaves out prices it cannot read, and a range that ends before it starts', () => {
    expect(read('minPrice=abc&maxPrice=').minPrice).toBeUndefined();
    expect(read('minPrice=-5&maxPrice=Infinity')).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(read('maxPrice=99999999').maxPrice).toBeUndefined();
    expect(read('minPrice=0').minPrice).toBe(0);
    expect(read('minPrice=1000&maxPrice=500')).toMatchObject({ minPrice: undefined, maxPrice: undefined });
  });

  it('reads inStock only as true', () => {
    expect(read('inStock=yes').inStock).toBe(false);
    expect(read('inStock=true').inStock).toBe(true);
  });
});

describe('searchTextFrom', () => {
  it('trims the words, caps them at 200 characters and reads blank as none', () => {
    expect(searchTextFrom('  hub ')).toBe('hub');
    expect(searchTextFrom('   ')).toBeUndefined();
    expect(searchTextFrom(null)).toBeUndefined();
    expect(searchTextFrom(`${'a'.repeat(199)} bcd`)).toBe('a'.repeat(199));
    expect(searchTextFrom('x'.repeat(500))).toHaveLength(200);
  });
});

describe('priceFrom', () => {
  it.each([
    ['500', 500],
    ['999.99', 999.99],
    ['0', 0],
    ['', undefined],
    [' ', undefined],
    [null, undefined],
    ['abc', undefined],
    ['-1', undefined],
    ['NaN', undefined],
    ['1e9', undefined],
  ])('reads %j as %j', (value, price) => {
    expect(priceFrom(value)).toBe(price);
  });
});

describe('attributesFrom', () => {
  it('groups values by name, in any case, without blanks or repeats', () => {
    expect(
      attributesFrom(searchOf('attr.Speed=2.5&attr.speed=10&attr.Speed=2.5&attr.Speed=+&attr.=x&attr.Ports=4')),
    ).toEqual({
      Speed: ['2.5', '10'],
      Ports: ['4'],
    });
  });

  it('keeps within the API limits: 10 names, 20 values each, 100 characters', () => {
    const search = new URLSearchParams();
    for (let index = 0; index < 12; index += 1) search.append(`attr.Name${index}`, 'x');
    for (let index = 0; index < 25; index += 1) search.append('attr.Name0', `v${index}`);
    search.append('attr.Name1', 'y'.repeat(101));
    const attributes = attributesFrom(search);
    expect(Object.keys(attributes)).toHaveLength(10);
    expect(attributes.Name0).toHaveLength(20);
    expect(attributes.Name1).toEqual(['x']);
  });
});

describe('canonicalListingPath', () => {
  it('writes the words and filters in one order, whatever order the address had', () => {
    const path =
      '/products?q=hub&category=usb+hubs&attr.Ports=4&attr.Speed=10&attr.Speed=2.5&minPrice=500&maxPrice=999.99&inStock=true&sort=price_asc&page=2';
    expect(
      canonicalListingPath(
        read(
          'page=2&sort=price_asc&inStock=true&attr.Speed=2.5&maxPrice=999.99&attr.Speed=10&minPrice=500&attr.Ports=4&category=USB%20Hubs&q=hub',
        ),
      ),
    ).toBe(path);
  });

  it('keeps a plain listing as it was', () => {
    expect(canonicalListingPath(read('category=LAN%20Adapters'))).toBe('/products?category=lan+adapters');
    expect(canonicalListingPath(read('page=1&sort=junk'))).toBe('/products');
  });
});

describe('changing the filters', () => {
  const current = searchOf('q=hub&category=usb%20hubs&sort=newest&attr.Speed=2.5&minPrice=500&maxPrice=999.99&page=4');

  it('adds a specification value, and takes it away again, on page 1', () => {
    const added = withAttributeToggled(current, 'Speed', '10');
    expect(added.getAll('attr.Speed')).toEqual(['2.5', '10']);
    expect(added.has('page')).toBe(false);
    const removed = withAttributeToggled(added, 'Speed', '2.5');
    expect(removed.getAll('attr.Speed')).toEqual(['10']);
    expect(withAttributeToggled(removed, 'Speed', '10').has('attr.Speed')).toBe(false);
    expect(withAttributeToggled(current, 'Ports', '4').getAll('attr.Ports')).toEqual(['4']);
  });

  it('takes away a value written in another case', () => {
    expect(withAttributeToggled(searchOf('attr.speed=2.5'), 'Speed', '2.5').toString()).toBe('');
  });

  it('leaves the given search untouched', () => {
    withAttributeToggled(current, 'Speed', '10');
    expect(current.get('page')).toBe('4');
  });

  it('sets a price band as minPrice and maxPrice a paisa below its end, or none', () => {
    const band = withPriceBand(current, { min: 1000, max: 2500 });
    expect([band.get('minPrice'), band.get('maxPrice'), band.get('page')]).toEqual(['1000', '2499.99', null]);
    const under = withPriceBand(current, { min: 0, max: 500 });
    expect([under.get('minPrice'), under.get('maxPrice')]).toEqual([null, '499.99']);
    const top = withPriceBand(current, { min: 10000, max: null });
    expect([top.get('minPrice'), top.get('maxPrice')]).toEqual(['10000', null]);
    const none = withPriceBand(current, null);
    expect([none.has('minPrice'), none.has('maxPrice')]).toEqual([false, false]);
  });

  it('knows which band is chosen', () => {
    const params = listingParamsOf(withPriceBand(current, { min: 500, max: 1000 }));
    expect(isPriceBandChosen(params, { min: 500, max: 1000 })).toBe(true);
    expect(isPriceBandChosen(params, { min: 0, max: 500 })).toBe(false);
    expect(isPriceBandChosen(read(''), { min: 0, max: 500 })).toBe(false);
    expect(isPriceBandChosen(read('maxPrice=499.99'), { min: 0, max: 500 })).toBe(true);
    expect(isPriceBandChosen(read('minPrice=10000'), { min: 10000, max: null })).toBe(true);
  });

  it('sets and removes plain parameters on page 1', () => {
    const next = withParams(current, { inStock: 'true', sort: undefined });
    expect(next.get('inStock')).toBe('true');
    expect(next.has('sort')).toBe(false);
    expect(next.has('page')).toBe(false);
  });

  it('clears every filter but keeps the words, category and sort', () => {
    const filtered = withParams(current, { parentCategory: 'Powered Hubs', inStock: 'true' });
    expect(withoutFilters(filtered).toString()).toBe('q=hub&category=usb+hubs&sort=newest');
    expect(hasFilters(listingParamsOf(filtered))).toBe(true);
    expect(hasFilters(listingParamsOf(withoutFilters(filtered)))).toBe(false);
  });

  it('knows which specification values are chosen, in any case', () => {
    const params = read('attr.speed=2.5');
    expect(isAttributeChosen(params, 'Speed', '2.5')).toBe(true);
    expect(isAttributeChosen(params, 'Speed', '10')).toBe(false);
  });
});

describe('priceBandLabel and searchPath', () => {
  it.each([
    [{ min: 0, max: 500 }, 'Under ₹500'],
    [{ min: 500, max: 1000 }, '₹500 – ₹999'],
    [{ min: 1000, max: 2500 }, '₹1,000 – ₹2,499'],
    [{ min: 10000, max: null }, '₹10,000 and above'],
    [{ min: 100000, max: null }, '₹1,00,000 and above'],
  ])('%j → %s', (band, label) => {
    expect(priceBandLabel(band)).toBe(label);
  });

  it('searches for the trimmed words', () => {
    expect(searchPath(' usb c & hdmi ')).toBe('/products?q=usb+c+%26+hdmi');
  });
});

describe('filterChipsOf: each active filter a chip that takes only itself away', () => {
  it('names the type, each specification value, the price and the stock filter, in that order', () => {
    const query =
      'q=hub&category=usb%20hubs&parentCategory=USB-C%20Hubs&attr.Ports=4&attr.Ports=7&minPrice=500&maxPrice=999.99&inStock=true&sort=price-asc&page=2';
    const chips = filterChipsOf(read(query));
    expect(chips.map((chip) => chip.label)).toEqual([
      'USB-C Hubs',
      'Ports: 4',
      'Ports: 7',
      '₹500 – ₹999',
      'In stock only',
    ]);
    const withoutChip = (label: string) =>
      chips
        .find((chip) => chip.label === label)
        ?.without(searchOf(query))
        .toString() ?? 'no such chip';
    // The words, category and sort stay; the page starts again at 1.
    expect(withoutChip('USB-C Hubs')).toBe(
      'q=hub&category=usb+hubs&attr.Ports=4&attr.Ports=7&minPrice=500&maxPrice=999.99&inStock=true&sort=price-asc',
    );
    expect(withoutChip('Ports: 4')).toBe(
      'q=hub&category=usb+hubs&parentCategory=USB-C+Hubs&minPrice=500&maxPrice=999.99&inStock=true&sort=price-asc&attr.Ports=7',
    );
    expect(withoutChip('₹500 – ₹999')).toBe(
      'q=hub&category=usb+hubs&parentCategory=USB-C+Hubs&attr.Ports=4&attr.Ports=7&inStock=true&sort=price-asc',
    );
    expect(withoutChip('In stock only')).toBe(
      'q=hub&category=usb+hubs&parentCategory=USB-C+Hubs&attr.Ports=4&attr.Ports=7&minPrice=500&maxPrice=999.99&sort=price-asc',
    );
  });

  it('has no chip without a filter: words, category and sort are not filters', () => {
    expect(filterChipsOf(read('q=hub&category=storage&sort=price-asc'))).toEqual([]);
  });

  it.each([
    [undefined, 499.99, 'Under ₹500'],
    [10000, undefined, '₹10,000 and above'],
    [500, 999.99, '₹500 – ₹999'],
    [undefined, 1000, 'Up to ₹1,000'],
    [250, 1000, '₹250 – ₹1,000'],
  ])('says a price filter from %s to %s as %s', (min, max, label) => {
    expect(priceFilterLabel(min, max)).toBe(label);
  });
});
