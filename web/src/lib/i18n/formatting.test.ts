// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate } from '../dates';
import { formatPrice } from '../money';
import { INTL_LOCALE } from './locale';

describe('prices and dates on Hindi pages', () => {
  it('write prices as hi-IN does: ₹ and lakh grouping, as on English pages', () => {
    const hindi = new Intl.NumberFormat(INTL_LOCALE.hi, { style: 'currency', currency: 'INR' });
    expect(hindi.format(1234567.5)).toBe('₹12,34,567.50');
    expect(formatPrice(1234567.5)).toBe('₹12,34,567.50');
    expect(formatPrice(100000)).toBe('₹1,00,000');
  });

  it('write dates with Hindi month names', () => {
    const fifth = '2026-11-05T06:30:00Z';
    expect(formatLongDate(fifth, 'hi-IN')).toBe('05 नवंबर 2026');
    expect(formatDate(fifth, 'hi-IN')).toBe('05 नव॰ 2026');
    expect(formatDateTime(fifth, 'hi-IN')).toMatch(/^05 नव॰ 2026, 12:00 pm$/);
  });

  it("keep the spec's English dates on English pages", () => {
    expect(formatLongDate('2026-11-05T06:30:00Z')).toBe('November 05, 2026');
    expect(formatDate('2026-11-05T06:30:00Z')).toBe('05 Nov 2026');
    expect(formatDate('not a date', 'hi-IN')).toBe('');
  });
});
