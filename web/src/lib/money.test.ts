// @vitest-environment node
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

  it('writes every amount as the en-IN currency format does', () => {
    const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const paise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    const amounts = [1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 1234567, 12345678, 123456789, 100000000];
    for (const amount of amounts.flatMap((whole) => [whole, whole + 0.5, whole + 0.07, -whole, -whole - 0.25])) {
      expect(formatPrice(amount)).toBe(Number.isInteger(amount) ? rupees.format(amount) : paise.format(amount));
    }
  });
});
