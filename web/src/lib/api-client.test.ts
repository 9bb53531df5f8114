// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { apiPath } from './api-client';

describe('apiPath', () => {
  it('keeps only the values that say something', () => {
    expect(apiPath('products', { page: 2, q: '', category: undefined, gender: null, featured: false })).toBe(
      '/products?page=2&featured=false',
    );
    expect(apiPath('/products', {})).toBe('/products');
  });

  it('sends a list as the same parameter once per value, in its order', () => {
    expect(apiPath('/products', { q: 'hub', 'attr.Speed': ['2.5', '10'], 'attr.Ports': ['4'] })).toBe(
      '/products?q=hub&attr.Speed=2.5&attr.Speed=10&attr.Ports=4',
    );
  });

  it('leaves out an empty list and empty values in a list', () => {
    expect(apiPath('/products', { 'attr.Speed': [], 'attr.Ports': ['', '4'] })).toBe('/products?attr.Ports=4');
  });

  it('encodes each value', () => {
    expect(apiPath('/products', { q: 'usb c & hdmi', 'attr.Colour': ['Space Grey'] })).toBe(
      '/products?q=usb+c+%26+hdmi&attr.Colour=Space+Grey',
    );
  });
});
