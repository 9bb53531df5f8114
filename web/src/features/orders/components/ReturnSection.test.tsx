import { describe, expect, it } from 'vitest';
import { photosProblem } from './ReturnSection';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe("a return's photos, checked before they are sent", () => {
  it('takes none, or up to three JPEG, PNG or WebP pictures of at most 500 KB', () => {
    expect(photosProblem([])).toBeNull();
    expect(
      photosProblem([file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.webp', 'image/webp')]),
    ).toBeNull();
  });

  it('names what is wrong: too many, not a picture it takes, too large', () => {
    const four = ['a', 'b', 'c', 'd'].map((name) => file(`${name}.jpg`, 'image/jpeg'));
    expect(photosProblem(four)).toBe('Choose at most 3 photos.');
    expect(photosProblem([file('scan.gif', 'image/gif')])).toBe('scan.gif is not a JPEG, PNG or WebP picture.');
    expect(photosProblem([file('big.jpg', 'image/jpeg', 500 * 1024 + 1)])).toBe(
      'big.jpg is larger than 500 KB; choose a smaller picture.',
    );
  });
});
