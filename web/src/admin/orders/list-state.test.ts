// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageCount, readListState, writeListState } from './list-state';

describe('the orders list in the address', () => {
  it.each([
    ['', { status: undefined, q: '', from: '', to: '', page: 1 }],
    ['status=0', { status: 0, q: '', from: '', to: '', page: 1 }],
    ['status=4&q=+asha@example.in+&page=3', { status: 4, q: 'asha@example.in', from: '', to: '', page: 3 }],
    ['from=2026-11-01&to=2026-11-30', { status: undefined, q: '', from: '2026-11-01', to: '2026-11-30', page: 1 }],
    ['status=9&page=-2&from=yesterday', { status: undefined, q: '', from: '', to: '', page: 1 }],
    ['status=&page=abc', { status: undefined, q: '', from: '', to: '', page: 1 }],
  ])('reads %s', (search, state) => {
    expect(readListState(new URLSearchParams(search))).toEqual(state);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    const state = { status: 1, q: '7KX2M9QH4D', from: '', to: '2026-11-30', page: 2 };
    const written = writeListState(state);
    expect(written.toString()).toBe('status=1&q=7KX2M9QH4D&to=2026-11-30&page=2');
    expect(readListState(written)).toEqual(state);
    expect(writeListState({ q: '', from: '', to: '', page: 1 }).toString()).toBe('');
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
