// @vitest-environment node
import { productCode, productCodeOf, productPath, productSlug } from '@netkart/contract';
import { describe, expect, it } from 'vitest';

describe("a product's readable address", () => {
  it.each([
    ['USB-C 7-in-1 Hub (4K@60Hz)', 'usb-c-7-in-1-hub-4k-60hz'],
    ['Café Stand: Aluminium & Steel', 'cafe-stand-aluminium-and-steel'],
    ['  --Boat Rockerz 450--  ', 'boat-rockerz-450'],
    ['मोबाइल चार्जर', 'product'],
    [`${'Extra Long Braided Charging Cable '.repeat(3)}`, 'extra-long-braided-charging-cable-extra-long-braided'],
  ])('words %j as %s', (name, slug) => {
    expect(productSlug(name)).toBe(slug);
    expect(productSlug(name).length).toBeLessThanOrEqual(60);
  });

  it('ends with ten characters worked out from the id alone, the same every time', () => {
    const id = '0190abcd-1234-7000-8000-000123456789';
    expect(productCode(id)).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/);
    expect(productCode(id)).toBe(productCode(id));
    // Ids of one import differ in a few characters only; their codes differ all the same.
    expect(productCode(id)).not.toBe(productCode('0190abcd-1234-7000-8000-001123456789'));
    expect(productPath({ id, name: 'Boat Rockerz 450' })).toBe(`/product/boat-rockerz-450-${productCode(id)}`);
  });

  it('reads the code back from an address, whatever the words, and none from a plain id', () => {
    expect(productCodeOf('boat-rockerz-450-21hqnt32df')).toBe('21hqnt32df');
    expect(productCodeOf('21hqnt32df')).toBe('21hqnt32df');
    expect(productCodeOf('0190abcd-1234-7000-8000-000123456789')).toBeUndefined();
    expect(productCodeOf('boat-rockerz-450-21hqnt32di')).toBeUndefined();
  });
});
