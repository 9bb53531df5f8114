import { describe, expect, it } from 'vitest';
import { listingHeading, listingQuery, pageFrom, paginationWindow, showingText } from './listing';

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
