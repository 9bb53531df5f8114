// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wishlistUnion } from './WishlistSync';

describe('the wishlist kept on the server, merged at sign-in', () => {
  it('is the union: the browser’s wishes first, then the kept ones it lacks, each once', () => {
    expect(wishlistUnion(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(wishlistUnion([], ['c'])).toEqual(['c']);
  });
});
