// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isCancelled, isPaid, isPending, statusLabel, statusTone } from './order-status';

describe('order status', () => {
  it.each([
    [0, 'Pending', 'yellow'],
    [1, 'Processing', 'blue'],
    [2, 'Shipped', 'purple'],
    [3, 'Delivered', 'green'],
    [4, 'Cancelled', 'red'],
    [7, 'Unknown (7)', 'grey'],
    ['2', 'Shipped', 'purple'],
    [undefined, 'Pending', 'yellow'],
    ['paid', 'Unknown', 'grey'],
    [{}, 'Unknown', 'grey'],
  ])('%j → %s in %s', (status, label, tone) => {
    expect(statusLabel(status)).toBe(label);
    expect(statusTone(status)).toBe(tone);
  });

  it('offers payment only for Pending', () => {
    expect(isPending(0)).toBe(true);
    expect(isPending(1)).toBe(false);
  });

  it.each([
    [0, false, false],
    [1, true, false],
    [2, true, false],
    [3, true, false],
    [4, false, true],
    [9, false, false],
  ])('status %j: paid %s, cancelled %s', (status, paid, cancelled) => {
    expect(isPaid(status)).toBe(paid);
    expect(isCancelled(status)).toBe(cancelled);
  });
});
