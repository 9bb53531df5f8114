import { describe, expect, it } from 'vitest';
import { formatPrice } from './money';

describe('formatPrice', () => {
  it.each([
    [1499, '₹1,499'],
    [1499.5, '₹1,499.50'],
    [1499.05, '₹1,499.05'],
    [123456.78, '₹1,23,456.78'],
    [1499.999, '₹1,500'],
    [0, '₹0'],
    [Number.NaN, '₹0'],
  ])('shows %d as %s', (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });
});
