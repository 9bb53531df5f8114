// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { searchedForText } from './searched-for';

describe('the line that says what a search shows', () => {
  it('says nothing when every word was searched as typed', () => {
    expect(searchedForText({ query: 'charger', correctedQuery: null })).toBeNull();
    expect(searchedForText(null)).toBeNull();
  });

  it('names the spelling searched instead of a mistyped one', () => {
    expect(searchedForText({ query: 'chargr', correctedQuery: 'charger' })).toBe('Showing results for “charger”.');
  });

  it('names the words searched when some were left out', () => {
    expect(searchedForText({ query: 'best charger', correctedQuery: null, searchedFor: 'charger' })).toBe(
      'Showing results for “charger”.',
    );
  });

  it('names the price and the order the words asked for', () => {
    expect(
      searchedForText({
        query: 'sasta charger under 1000',
        correctedQuery: null,
        searchedFor: 'charger',
        priceFromWords: { min: null, max: 1000 },
        sortFromWords: 'price_asc',
      }),
    ).toBe('Showing results for “charger” up to ₹1,000, lowest price first.');
    expect(
      searchedForText({
        query: '500 to 1500',
        correctedQuery: null,
        searchedFor: '',
        priceFromWords: { min: 500, max: 1500 },
      }),
    ).toBe('Showing products from ₹500 to ₹1,500.');
    expect(
      searchedForText({
        query: 'mehenga dock above 10000',
        correctedQuery: null,
        searchedFor: 'dock',
        priceFromWords: { min: 10000, max: null },
        sortFromWords: 'price_desc',
      }),
    ).toBe('Showing results for “dock” from ₹10,000, highest price first.');
  });
});
